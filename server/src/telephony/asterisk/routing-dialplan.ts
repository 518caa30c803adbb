// The company's applied inbound routing (docs/routing.md) as Asterisk dialplan: pure, the same routing
// giving the same lines. Every context starts with the company's prefix:
//   <prefix>-inbound   one extension per inbound number: its own destination into CC_DEST, then -route
//   <prefix>-route     the blacklist (refused before anything), then the time conditions in routeCall's
//                      order, each jumping to its sound file or destination; none holding, CC_DEST
//   <prefix>-dest      one extension per destination (ext-1001, queue-500, ringgroup-600, ivr-700,
//                      callback-800, sound-3, voicemail, hangup); those where nothing rings, and the
//                      blacklist's refusal, first send a UserEvent the product logs (ami-event-router.ts)
//   <prefix>-ivr-700   a menu: greeting, WaitExten, one extension per key, t (no key) and i (wrong key,
//                      tried again up to invalid_retries, then the invalid destination)
// Only digits, ids and the validated prefix reach the dialplan: names are left out, since Asterisk
// evaluates `${...}` in whatever it runs.

import { IVR_DEFAULTS } from '../../../../src/api/contracts/ivr.contract';
import { RING_GROUP_DEFAULT_RING_TIME_S, RING_GROUP_STRATEGIES } from '../../../../src/api/contracts/ring-group.contract';
import type { IvrRule } from '../../../../src/api/routing/route-call';
import type { RouteTarget } from '../../../../src/api/routing/routing.contract';
import type { AppliedRouting } from '../applied-routing';
import type { DirectoryGroup } from '../driver';
import { dialplanNumber, exten, same, type ConfigLine, type ConfigSection } from './config-sections';
import { ringGroupLines } from './dialplan-ring-group';
import { conditionLines, inRoutingOrder } from './dialplan-time';

export interface DialplanOptions {
  /** The company's context prefix (companyContextPrefix). */
  prefix: string;
  /** How our extensions are dialled. */
  tech: 'SIP' | 'PJSIP';
  /** How an outside number is dialled, `${number}` standing for it. @default 'PJSIP/${number}@trunk' */
  trunk?: string;
  /** Korean public holidays are written for this year and the next. */
  year: number;
  /** Where the company's sound files are, by id: `<soundPrefix><id>`. @default 'custom/callcentre/sound-' */
  soundPrefix?: string;
  /** Played to a caller who left a callback request. @default 'custom/callcentre/callback-requested' */
  callbackPrompt?: string;
  /** The mailbox of the voicemail destination. @default '<prefix>@default' */
  voicemailBox?: string;
  /** The company's queues (live, as the directory names them): a maximum wait leaves for the overflow. */
  queues?: readonly DirectoryGroup[];
}

export const DEFAULT_TRUNK = 'PJSIP/${number}@trunk';

/**
 * Who called which inbound number, for the UserEvents the product hears (ami-event-router.ts): a refused
 * caller (`call_blocked`), a call ending where nothing rings (`call_routed`), a callback request.
 */
const CALLER = 'From: ${CALLERID(num)},To: ${CC_INBOUND}';
/** Before anything rings: the menu the caller came through (ring_gr comes from the queue or ring group). */
const ROUTE_EVENT = 'UserEvent(CallRoute,Ivr: ${CC_IVR})';
const routed = (type: string, target = '') => `UserEvent(CallRouted,Type: ${type},${target ? `Target: ${target},` : ''}${CALLER})`;

/** The extension of `<prefix>-dest` a destination goes to; a destination missing its target hangs up. */
export function destinationKey(target: RouteTarget | null | undefined): string {
  if (!target) return 'hangup';
  const value = target.target ?? null;
  switch (target.type) {
    case 'extension':
      return value ? `ext-${dialplanNumber(value, 'an extension')}` : 'hangup';
    case 'queue':
      return value ? `queue-${dialplanNumber(value, 'a queue')}` : 'hangup';
    case 'ring_group':
      return value ? `ringgroup-${dialplanNumber(value, 'a ring group')}` : 'hangup';
    case 'ivr':
      return value ? `ivr-${dialplanNumber(value, 'an IVR')}` : 'hangup';
    case 'callback_group':
      return value ? `callback-${dialplanNumber(value, 'a callback group')}` : 'hangup';
    case 'sound_file':
      return value ? `sound-${dialplanNumber(value, 'a sound file id')}` : 'hangup';
    case 'voicemail':
      return 'voicemail';
    default:
      return 'hangup';
  }
}

export function generateRoutingDialplan(applied: AppliedRouting, options: DialplanOptions): ConfigSection[] {
  const { prefix } = options;
  const dest = `${prefix}-dest`;
  const goto = (target: RouteTarget | null | undefined) => `${dest},${destinationKey(target)},1`;
  const { routing } = applied;
  const used = new Set<string>(['voicemail', 'hangup']);
  const use = (target: RouteTarget | null | undefined) => {
    used.add(destinationKey(target));
    return goto(target);
  };

  const inbound: ConfigLine[] = routing.inboundNumbers.flatMap((n) => [
    exten(`${dialplanNumber(n.number, 'an inbound number')},1,Set(CC_DEST=${destinationKey(n.destination)})`),
    same(`n,Set(CC_INBOUND=${n.number})`),
    same(`n,Goto(${prefix}-route,s,1)`),
  ]);
  routing.inboundNumbers.forEach((n) => use(n.destination));

  const route: ConfigLine[] = [exten('s,1,NoOp(blacklist, then time conditions)')];
  // An entry without digits (typed oddly) can match no caller's digits: left out, not a failed load.
  const blacklist = routing.blacklist.filter((number) => /^[0-9]{1,20}$/.test(number));
  if (blacklist.length > 0) {
    // The blacklist holds normalised numbers (digits; +82 read as the domestic 0).
    route.push(same('n,Set(CC_CALLER=${FILTER(0-9,${CALLERID(num)})})'));
    route.push(same('n,ExecIf($["${CALLERID(num):0:3}"="+82"]?Set(CC_CALLER=0${CC_CALLER:2}))'));
    for (const number of blacklist) route.push(same(`n,GotoIf($["\${CC_CALLER}"="${number}"]?refused)`));
  }
  for (const condition of inRoutingOrder(routing.timeConditions)) {
    // A sound file wins over the destination; neither hangs up (routeCall).
    const target: RouteTarget | null = condition.sound_file_id !== null ? { type: 'sound_file', target: String(condition.sound_file_id) } : condition.destination;
    route.push(...conditionLines(condition, use(target), options.year));
  }
  route.push(same(`n,Goto(${dest},\${CC_DEST},1)`));
  if (blacklist.length > 0) route.push(same(`n(refused),UserEvent(CallBlocked,${CALLER})`), same('n,Hangup(21)'));

  const ivrSections = routing.ivrs.map((ivr) => ivrSection(ivr, prefix, use, options));
  const groupNumbers = new Set(applied.ringGroups.map((g) => g.number));
  applied.ringGroups.forEach((g) => {
    used.add(destinationKey({ type: 'ring_group', target: g.number }));
    use(g.no_answer_destination);
  });
  routing.queues.forEach((q) => used.add(destinationKey({ type: 'queue', target: q })));
  // A queue's overflow is a destination of its own (the caller who waited max_wait_s goes there).
  options.queues?.forEach((q) => {
    if (q.maxWaitS && q.noAnswer) use(q.noAnswer as RouteTarget);
  });
  routing.ivrs.forEach((ivr) => used.add(destinationKey({ type: 'ivr', target: ivr.number })));
  applied.callbackGroups.forEach((g) => used.add(destinationKey({ type: 'callback_group', target: g.number })));

  const destinations = [...used].sort(byKind).flatMap((key) => destinationLines(key, applied, options, goto, groupNumbers));
  return [
    { name: `${prefix}-inbound`, lines: inbound },
    { name: `${prefix}-route`, lines: route },
    { name: dest, lines: destinations },
    ...ivrSections,
  ];
}

const KIND_ORDER = ['ext', 'queue', 'ringgroup', 'ivr', 'callback', 'sound', 'voicemail', 'hangup'];
function byKind(a: string, b: string): number {
  const kind = (key: string) => KIND_ORDER.indexOf(key.split('-')[0] ?? '');
  return kind(a) - kind(b) || a.localeCompare(b, undefined, { numeric: true });
}

function ivrSection(ivr: IvrRule, prefix: string, use: (t: RouteTarget | null | undefined) => string, options: DialplanOptions): ConfigSection {
  const retries = ivr.invalid_retries;
  const greeting = ivr.greeting_sound_file_id ?? null;
  const lines: ConfigLine[] = [
    // The last menu, for the pop-up's ivr_number (UserEvent CallRoute before anything rings).
    exten(`s,1,Set(CC_IVR=${dialplanNumber(ivr.number, 'an IVR')})`),
    same('n,Set(CC_TRIES=0)'),
    same('n,Answer()'),
    ...(greeting !== null ? [same(`n(menu),Background(${soundOf(greeting, options)})`), same(`n,WaitExten(${ivr.timeout_s ?? IVR_DEFAULTS.timeout_s})`)] : [same(`n(menu),WaitExten(${ivr.timeout_s ?? IVR_DEFAULTS.timeout_s})`)]),
  ];
  for (const option of ivr.options) lines.push(exten(`${option.digit},1,Goto(${use(option.destination)})`));
  lines.push(exten(`t,1,Goto(${use(ivr.timeout_destination)})`));
  // A wrong key is tried again up to invalid_retries times (routeCall), then the invalid destination.
  lines.push(exten('i,1,Set(CC_TRIES=$[${CC_TRIES}+1])'));
  lines.push(same(`n,GotoIf($[\${CC_TRIES}>${retries}]?${use(ivr.invalid_destination)})`));
  lines.push(same('n,Goto(s,menu)'));
  return { name: `${prefix}-ivr-${dialplanNumber(ivr.number, 'an IVR')}`, lines };
}

function soundOf(id: number | string, options: DialplanOptions): string {
  return `${options.soundPrefix ?? 'custom/callcentre/sound-'}${dialplanNumber(String(id), 'a sound file id')}`;
}

function destinationLines(
  key: string,
  applied: AppliedRouting,
  options: DialplanOptions,
  goto: (t: RouteTarget | null | undefined) => string,
  groupNumbers: ReadonlySet<string>,
): ConfigLine[] {
  const [kind, ...rest] = key.split('-');
  const number = rest.join('-');
  const dial = (member: string) => (applied.routing.extensions.includes(member) ? `${options.tech}/${member}` : (options.trunk ?? DEFAULT_TRUNK).replace('${number}', member));
  switch (kind) {
    case 'ext':
      return [exten(`${key},1,${ROUTE_EVENT}`), same(`n,Dial(${options.tech}/${number})`), same('n,Hangup()')];
    case 'queue': {
      // Queue()'s fifth argument is the longest wait; a caller who reaches it leaves with QUEUESTATUS
      // TIMEOUT for the overflow (hang up when none), as the built-in PBX does.
      const queue = options.queues?.find((q) => q.number === number);
      if (!queue?.maxWaitS) return [exten(`${key},1,${ROUTE_EVENT}`), same(`n,Queue(${number})`), same('n,Hangup()')];
      return [
        exten(`${key},1,${ROUTE_EVENT}`),
        same(`n,Queue(${number},,,,${Math.floor(queue.maxWaitS)})`),
        same(`n,GotoIf($["\${QUEUESTATUS}"="TIMEOUT"]?${goto(queue.noAnswer as RouteTarget | null | undefined)})`),
        same('n,Hangup()'),
      ];
    }
    case 'ivr':
      return [exten(`${key},1,Goto(${options.prefix}-ivr-${number},s,1)`)];
    case 'callback':
      // The product hears this (ami-event-router.ts) and leaves the callback request, as the built-in PBX does.
      return [exten(`${key},1,UserEvent(CallbackRequest,Group: ${number},${CALLER})`), same(`n,Playback(${options.callbackPrompt ?? 'custom/callcentre/callback-requested'})`), same('n,Hangup()')];
    case 'sound':
      return [exten(`${key},1,${routed('sound_file', number)}`), same(`n,Playback(${soundOf(number, options)})`), same('n,Hangup()')];
    case 'voicemail':
      return [exten(`${key},1,${routed('voicemail')}`), same(`n,VoiceMail(${options.voicemailBox ?? `${options.prefix}@default`},u)`), same('n,Hangup()')];
    case 'hangup':
      return [exten(`${key},1,${routed('hangup')}`), same('n,Hangup()')];
    case 'ringgroup': {
      const group = applied.ringGroups.find((g) => g.number === number);
      if (!group || !groupNumbers.has(number)) return [exten(`${key},1,Hangup()`)];
      const members = group.members.map((member) => {
        const digits = dialplanNumber(member, 'a ring group member');
        return { dial: dial(digits), isExtension: applied.routing.extensions.includes(digits), device: `${options.tech}/${digits}` };
      });
      const ringTimeS = group.ring_time_s ?? RING_GROUP_DEFAULT_RING_TIME_S;
      const strategy = (RING_GROUP_STRATEGIES as readonly string[]).includes(group.strategy) ? group.strategy : 'ringall';
      return [exten(`${key},1,UserEvent(CallRoute,RingGroup: ${number},Ivr: \${CC_IVR})`), same(`n,NoOp(ring group ${number} ${strategy})`), ...ringGroupLines({ strategy, members, ringTimeS, noAnswer: goto(group.no_answer_destination) })];
    }
    default:
      return [exten(`${key},1,Hangup()`)];
  }
}
