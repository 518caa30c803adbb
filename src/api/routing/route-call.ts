import type { RoutedDestination, RouteTarget, RoutingStepType } from './routing.contract';
import type { TimeConditionType } from '../contracts/time-condition.contract';
import { conditionHolds, conditionRank, seoulMoment, type TimeConditionRule } from './time-condition-rules';

/**
 * The routing decision (CONTRACT §11, docs/routing.md): where a call to `to` from `from` at `at`, the
 * caller pressing `digits`, goes through a company's routing. Pure: the same routing and call give the
 * same path, so the PBX, `routing/simulate` and the week view agree. No I/O; the caller hands in the
 * routing (`RoutingConfig`, live or staged) and whether a day is a public holiday.
 */

export interface InboundNumberRule {
  number: string;
  name: string;
  destination: RouteTarget | null;
}

export interface IvrRule {
  number: string;
  name: string;
  invalid_retries: number;
  options: readonly { digit: string; destination: RouteTarget | null }[];
  /** What a PBX plays and how long it waits for a key (the decision itself takes the keys as given). */
  greeting_sound_file_id?: number | null;
  timeout_s?: number | null;
  timeout_destination: RouteTarget | null;
  invalid_destination: RouteTarget | null;
}

/** A time condition as the routing reads it (its record, typed). */
export type TimeConditionOfRouting = Omit<TimeConditionRule, 'type'> & {
  id: number;
  name: string;
  type: TimeConditionType;
  destination: RouteTarget | null;
  sound_file_id: number | null;
  korean_holidays?: boolean;
};

export interface RoutingConfig {
  inboundNumbers: readonly InboundNumberRule[];
  timeConditions: readonly TimeConditionOfRouting[];
  ivrs: readonly IvrRule[];
  /** Numbers of the company's ring groups, queues, callback groups and extensions. */
  ringGroups: readonly string[];
  queues: readonly string[];
  callbackGroups: readonly string[];
  extensions: readonly string[];
  /** Callers refused before routing (inbound and both), normalised like the caller's number. */
  blacklist: readonly string[];
}

export interface CallToRoute {
  to: string;
  /** The caller's number, normalised as the blacklist's are. */
  from: string;
  at: Date;
  digits?: string;
  /**
   * The company work-time switch in effect at `at` (docs/routing.md "Company work time"): forced open,
   * no working-hour or lunch-hour condition holds; forced closed, the company's first working-hour
   * condition (by id) holds whatever the time. Holiday conditions come first either way.
   */
  force?: 'open' | 'closed' | null;
}

export interface RouteStep {
  type: RoutingStepType;
  target: string;
  /** The message id of why (`routing.reason.*`, both catalogues), translated where it is shown. */
  reasonId: string;
  params?: Record<string, string | number>;
}

export interface RoutedCall {
  steps: RouteStep[];
  destination: RoutedDestination;
  /** The ring group or queue it rings through (`ring_gr`), '' when none. */
  ringGroup: string;
  /** The last IVR it went through (`ivr_number`), '' when none. */
  ivrNumber: string;
}

/** More hops than any sane routing takes: a menu that leads back to itself stops here. */
const MAX_HOPS = 20;

/** The day in Asia/Seoul (`2026-11-27`), as the holiday calendar names it. */
export function seoulDay(at: Date): string {
  return new Date(at.getTime() + 9 * 60 * 60_000).toISOString().slice(0, 10);
}

export function routeCall(config: RoutingConfig, call: CallToRoute, isHoliday: (day: string) => boolean = () => false): RoutedCall {
  const steps: RouteStep[] = [];
  const done = (destination: RoutedDestination, ringGroup = '', ivrNumber = ''): RoutedCall => ({ steps, destination, ringGroup, ivrNumber });

  if (config.blacklist.includes(call.from)) {
    steps.push({ type: 'blacklist', target: call.from, reasonId: 'routing.reason.blacklisted' });
    return done({ type: 'blocked', target: null });
  }

  const inbound = config.inboundNumbers.find((n) => n.number === call.to);
  let next: RouteTarget | null;
  if (inbound) {
    steps.push({ type: 'inbound_number', target: inbound.number, reasonId: 'routing.reason.inbound_number', params: { name: inbound.name } });
    next = timeConditionTarget(config, call.at, isHoliday, steps, call.force ?? null) ?? inbound.destination;
    if (!next) {
      steps.push({ type: 'hangup', target: '', reasonId: 'routing.reason.no_destination' });
      return done({ type: 'hangup', target: null });
    }
  } else {
    next = directTarget(config, call.to);
    if (!next) {
      steps.push({ type: 'unknown', target: call.to, reasonId: 'routing.reason.unknown_number' });
      return done({ type: 'unknown', target: call.to });
    }
  }
  return follow(config, next, [...(call.digits ?? '')], steps, done);
}

/** The condition that holds at `at`, by priority, and where it sends the call. */
function timeConditionTarget(config: RoutingConfig, at: Date, isHoliday: (day: string) => boolean, steps: RouteStep[], force: 'open' | 'closed' | null): RouteTarget | null {
  const moment = seoulMoment(at);
  const publicHoliday = isHoliday(seoulDay(at));
  const byRank = (a: TimeConditionOfRouting, b: TimeConditionOfRouting) => conditionRank(a.type) - conditionRank(b.type) || a.id - b.id;
  // A holiday condition that takes Korean public holidays holds all day on one.
  const holding = config.timeConditions
    .filter((condition) => conditionHolds(condition, moment) || (condition.type === 'holiday' && condition.korean_holidays === true && publicHoliday))
    .sort(byRank);
  const workTime = (condition: TimeConditionOfRouting) => condition.type === 'working_hour' || condition.type === 'lunch_hour';
  let first = holding[0];
  let reasonId = first ? `routing.reason.condition_${first.type}` : '';
  if (force && (!first || workTime(first))) {
    // The work-time switch overrides working and lunch hours; holidays still come first.
    const closedBy = force === 'closed' ? config.timeConditions.filter((condition) => condition.type === 'working_hour').sort(byRank)[0] : undefined;
    if (closedBy) {
      first = closedBy;
      reasonId = 'routing.reason.forced_closed';
    } else if (force === 'open') {
      if (first) steps.push({ type: 'time_condition', target: first.name, reasonId: 'routing.reason.forced_open', params: { name: first.name } });
      first = undefined;
    }
  }
  if (!first) return null;
  const target: RouteTarget | null = first.sound_file_id !== null ? { type: 'sound_file', target: String(first.sound_file_id) } : first.destination;
  steps.push({ type: 'time_condition', target: first.name, reasonId, params: { name: first.name } });
  return target ?? { type: 'hangup', target: null };
}

/** A number of the company dialled directly: its extension, queue, ring group, IVR or callback group. */
function directTarget(config: RoutingConfig, number: string): RouteTarget | null {
  if (config.extensions.includes(number)) return { type: 'extension', target: number };
  if (config.queues.includes(number)) return { type: 'queue', target: number };
  if (config.ringGroups.includes(number)) return { type: 'ring_group', target: number };
  if (config.ivrs.some((ivr) => ivr.number === number)) return { type: 'ivr', target: number };
  if (config.callbackGroups.includes(number)) return { type: 'callback_group', target: number };
  return null;
}

function follow(
  config: RoutingConfig,
  first: RouteTarget,
  digits: string[],
  steps: RouteStep[],
  done: (destination: RoutedDestination, ringGroup?: string, ivrNumber?: string) => RoutedCall,
): RoutedCall {
  let current: RouteTarget | null = first;
  let ivrNumber = '';
  for (let hop = 0; hop < MAX_HOPS && current; hop += 1) {
    const target = current.target ?? '';
    if (current.type !== 'ivr') {
      steps.push({ type: current.type, target, reasonId: `routing.reason.to_${current.type}`, params: { target } });
      const ringGroup = current.type === 'ring_group' || current.type === 'queue' ? target : '';
      return done({ type: current.type, target: current.target ?? null }, ringGroup, ivrNumber);
    }
    const ivr = config.ivrs.find((menu) => menu.number === target);
    if (!ivr) {
      steps.push({ type: 'unknown', target, reasonId: 'routing.reason.unknown_ivr', params: { target } });
      return done({ type: 'unknown', target }, '', ivrNumber);
    }
    ivrNumber = ivr.number;
    steps.push({ type: 'ivr', target: ivr.number, reasonId: 'routing.reason.ivr', params: { name: ivr.name } });
    current = pressKeys(ivr, digits, steps);
  }
  steps.push({ type: 'hangup', target: '', reasonId: current ? 'routing.reason.loop' : 'routing.reason.no_destination' });
  return done({ type: 'hangup', target: null }, '', ivrNumber);
}

/**
 * Where a destination leads on its own (a ring group's no-answer destination, docs/routing.md): menus
 * followed with the keys left, as for a call that reached it from an inbound number.
 */
export function routeDestination(config: RoutingConfig, destination: RouteTarget, digits = ''): RoutedCall {
  const steps: RouteStep[] = [];
  const done = (routed: RoutedDestination, ringGroup = '', ivrNumber = ''): RoutedCall => ({ steps, destination: routed, ringGroup, ivrNumber });
  return follow(config, destination, [...digits], steps, done);
}

/** The caller at a menu: each key pressed is an option, or a wrong key (again, up to the retries); none is the timeout. */
function pressKeys(ivr: IvrRule, digits: string[], steps: RouteStep[]): RouteTarget | null {
  let wrong = 0;
  for (;;) {
    const key = digits.shift();
    if (key === undefined) {
      steps.push({ type: 'ivr_timeout', target: ivr.number, reasonId: 'routing.reason.ivr_timeout' });
      return ivr.timeout_destination;
    }
    const option = ivr.options.find((o) => o.digit === key);
    if (option) {
      steps.push({ type: 'ivr_option', target: key, reasonId: 'routing.reason.ivr_option', params: { digit: key } });
      return option.destination;
    }
    wrong += 1;
    if (wrong > ivr.invalid_retries) {
      steps.push({ type: 'ivr_invalid', target: key, reasonId: 'routing.reason.ivr_invalid', params: { digit: key } });
      return ivr.invalid_destination;
    }
  }
}
