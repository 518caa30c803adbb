// The routing dialplan generator as a decision table: applied routing in, the exact dialplan lines out
// (what the Asterisk driver writes over AMI; docs/telephony.md "Inbound routing on Asterisk").

import type { RoutingConfig, TimeConditionOfRouting } from '../../../src/api/routing/route-call';
import type { RouteTarget } from '../../../src/api/routing/routing.contract';
import { NO_RANGES } from '../../../src/api/routing/time-condition-rules';
import type { AppliedRouting } from '../../src/telephony/applied-routing';
import { companyContextPrefix, renderConfig, type ConfigSection } from '../../src/telephony/asterisk/config-sections';
import { generateQueuesConfig } from '../../src/telephony/asterisk/queues-config';
import { generateRoutingDialplan } from '../../src/telephony/asterisk/routing-dialplan';

const EMPTY: RoutingConfig = { inboundNumbers: [], timeConditions: [], ivrs: [], ringGroups: [], queues: [], callbackGroups: [], extensions: ['1001', '1002', '1003'], blacklist: [] };

function applied(routing: Partial<RoutingConfig>, more: Partial<Omit<AppliedRouting, 'routing'>> = {}): AppliedRouting {
  return { routing: { ...EMPTY, ...routing }, ringGroups: [], callbackGroups: [], ...more };
}

const generate = (routing: AppliedRouting) => generateRoutingDialplan(routing, { prefix: 'acme', tech: 'PJSIP', year: 2026 });
const section = (sections: ConfigSection[], name: string) => renderConfig(sections.filter((s) => s.name === name)).split('\n').slice(1);

function condition(id: number, fields: Partial<TimeConditionOfRouting>): TimeConditionOfRouting {
  return { ...NO_RANGES, id, name: `c${id}`, type: 'holiday', destination: { type: 'hangup', target: null }, sound_file_id: null, ...fields };
}

/** The route context's lines between the blacklist and the fall-through to the number's own destination. */
const conditionLines = (conditions: TimeConditionOfRouting[]) => section(generate(applied({ timeConditions: conditions })), 'acme-route').slice(1, -1);

describe('each destination type', () => {
  const cases: [string, RouteTarget, string[]][] = [
    ['an extension rings it', { type: 'extension', target: '1001' }, ['exten => ext-1001,1,UserEvent(CallRoute,Ivr: ${CC_IVR})', 'same => n,Dial(PJSIP/1001)', 'same => n,Hangup()']],
    ['a queue queues the caller', { type: 'queue', target: '500' }, ['exten => queue-500,1,UserEvent(CallRoute,Ivr: ${CC_IVR})', 'same => n,Queue(500)', 'same => n,Hangup()']],
    ['an IVR goes to its menu', { type: 'ivr', target: '700' }, ['exten => ivr-700,1,Goto(acme-ivr-700,s,1)']],
    [
      'a callback group tells the product, plays the message and hangs up',
      { type: 'callback_group', target: '800' },
      [
        'exten => callback-800,1,UserEvent(CallbackRequest,Group: 800,From: ${CALLERID(num)},To: ${CC_INBOUND})',
        'same => n,Playback(custom/callcentre/callback-requested)',
        'same => n,Hangup()',
      ],
    ],
    [
      'a sound file tells the product, plays it then hangs up',
      { type: 'sound_file', target: '12' },
      [
        'exten => sound-12,1,UserEvent(CallRouted,Type: sound_file,Target: 12,From: ${CALLERID(num)},To: ${CC_INBOUND})',
        'same => n,Playback(custom/callcentre/sound-12)',
        'same => n,Hangup()',
      ],
    ],
    [
      'voicemail takes a message in the company box',
      { type: 'voicemail', target: null },
      ['exten => voicemail,1,UserEvent(CallRouted,Type: voicemail,From: ${CALLERID(num)},To: ${CC_INBOUND})', 'same => n,VoiceMail(acme@default,u)', 'same => n,Hangup()'],
    ],
    ['hang-up hangs up', { type: 'hangup', target: null }, ['exten => hangup,1,UserEvent(CallRouted,Type: hangup,From: ${CALLERID(num)},To: ${CC_INBOUND})', 'same => n,Hangup()']],
  ];

  it.each(cases)('%s', (_name, destination, lines) => {
    const sections = generate(applied({ inboundNumbers: [{ number: '0215770000', name: 'Main', destination }] }));
    const key = lines[0]!.slice('exten => '.length).split(',')[0];
    expect(section(sections, 'acme-inbound')).toEqual([`exten => 0215770000,1,Set(CC_DEST=${key})`, 'same => n,Set(CC_INBOUND=0215770000)', 'same => n,Goto(acme-route,s,1)']);
    const dest = section(sections, 'acme-dest');
    const start = dest.indexOf(lines[0]!);
    expect(dest.slice(start, start + lines.length)).toEqual(lines);
  });

  it('writes the inbound, route, destination and menu contexts, and the route ends at the number\'s own destination', () => {
    const sections = generate(applied({ inboundNumbers: [{ number: '0215770000', name: 'Main', destination: { type: 'queue', target: '500' } }], ivrs: [] }));
    expect(sections.map((s) => s.name)).toEqual(['acme-inbound', 'acme-route', 'acme-dest']);
    expect(section(sections, 'acme-route')).toEqual(['exten => s,1,NoOp(blacklist, then time conditions)', 'same => n,Goto(acme-dest,${CC_DEST},1)']);
  });

  it('refuses the blacklist before anything else', () => {
    const route = section(generate(applied({ blacklist: ['01099998888', ''], timeConditions: [condition(1, {})] })), 'acme-route');
    expect(route).toEqual([
      'exten => s,1,NoOp(blacklist, then time conditions)',
      'same => n,Set(CC_CALLER=${FILTER(0-9,${CALLERID(num)})})',
      'same => n,ExecIf($["${CALLERID(num):0:3}"="+82"]?Set(CC_CALLER=0${CC_CALLER:2}))',
      'same => n,GotoIf($["${CC_CALLER}"="01099998888"]?refused)',
      'same => n,GotoIfTime(*,*,*,*,Asia/Seoul?acme-dest,hangup,1)',
      'same => n,Goto(acme-dest,${CC_DEST},1)',
      // The product hears the refusal (call_blocked in the call log).
      'same => n(refused),UserEvent(CallBlocked,From: ${CALLERID(num)},To: ${CC_INBOUND})',
      'same => n,Hangup(21)',
    ]);
  });

  it('refuses anything but digits where a number goes, so no ${...} reaches the dialplan', () => {
    expect(() => generate(applied({ inboundNumbers: [{ number: '${SHELL(id)}', name: 'x', destination: null }] }))).toThrow(expect.objectContaining({ code: 'invalid_config' }));
    expect(() => generate(applied({ inboundNumbers: [{ number: '0215770000', name: 'x', destination: { type: 'extension', target: '1001)' } }] }))).toThrow(
      expect.objectContaining({ code: 'invalid_config' }),
    );
  });
});

describe('time conditions', () => {
  it('meets them in routeCall\'s order whatever their ids: holiday, custom temporary holiday, lunch hour, working hour', () => {
    const lines = conditionLines([
      condition(1, { type: 'working_hour', start_weekday: 1, end_weekday: 5, start_hour: 9, end_hour: 18, destination: { type: 'voicemail', target: null } }),
      condition(2, { type: 'lunch_hour', start_hour: 12, end_hour: 13, sound_file_id: 7 }),
      condition(3, { type: 'custom_temporary_holiday', start_month: 5, start_date: 4, destination: { type: 'queue', target: '500' } }),
      condition(5, { type: 'holiday', start_month: 1, start_date: 1 }),
      condition(4, { type: 'holiday', start_month: 12, start_date: 25, destination: { type: 'extension', target: '1002' } }),
    ]);
    expect(lines).toEqual([
      'same => n,GotoIfTime(*,*,25,dec,Asia/Seoul?acme-dest,ext-1002,1)',
      'same => n,GotoIfTime(*,*,1,jan,Asia/Seoul?acme-dest,hangup,1)',
      'same => n,GotoIfTime(*,*,4,may,Asia/Seoul?acme-dest,queue-500,1)',
      // A sound file wins over the destination.
      'same => n,GotoIfTime(12:00-12:59,*,*,*,Asia/Seoul?acme-dest,sound-7,1)',
      // Working hours hold outside their ranges: the false branch jumps.
      'same => n,GotoIfTime(09:00-17:59,mon-fri,*,*,Asia/Seoul?:acme-dest,voicemail,1)',
    ]);
  });

  const ranges: [string, Partial<TimeConditionOfRouting>, string[]][] = [
    ['a blank end is midnight', { start_hour: 18, start_minute: 30 }, ['18:30-23:59,*,*,*']],
    ['an end equal to the start is the whole day', { start_hour: 9, end_hour: 9 }, ['*,*,*,*']],
    ['a time past midnight wraps', { start_hour: 22, end_hour: 6, start_weekday: 5, end_weekday: 1 }, ['22:00-05:59,fri-mon,*,*']],
    ['a start day alone', { start_weekday: 6 }, ['*,sat,*,*']],
    ['days of every month', { start_date: 1, end_date: 5 }, ['*,*,1-5,*']],
    ['whole months', { start_month: 7, end_month: 8 }, ['*,*,*,jul', '*,*,*,aug']],
    ['a span over the new year, one piece per month', { start_month: 12, start_date: 24, end_month: 1, end_date: 2 }, ['*,*,24-31,dec', '*,*,1-2,jan']],
    ['whole months between the first and the last', { start_month: 3, start_date: 15, end_month: 6, end_date: 10 }, ['*,*,15-31,mar', '*,*,*,apr-may', '*,*,1-10,jun']],
    ['an end before the start in one month wraps over the year', { start_month: 3, start_date: 20, end_month: 3, end_date: 10 }, ['*,*,20-31,mar', '*,*,*,apr-feb', '*,*,1-10,mar']],
  ];

  it.each(ranges)('%s', (_name, fields, specs) => {
    expect(conditionLines([condition(1, fields)])).toEqual(specs.map((spec) => `same => n,GotoIfTime(${spec},Asia/Seoul?acme-dest,hangup,1)`));
  });

  it('a working-hour condition in several pieces jumps only when the moment is inside none of them', () => {
    expect(conditionLines([condition(9, { type: 'working_hour', start_month: 12, start_date: 24, end_month: 1, end_date: 2, start_hour: 10, end_hour: 15 })])).toEqual([
      'same => n,GotoIfTime(10:00-14:59,*,24-31,dec,Asia/Seoul?open9)',
      'same => n,GotoIfTime(10:00-14:59,*,1-2,jan,Asia/Seoul?open9)',
      'same => n,Goto(acme-dest,hangup,1)',
      'same => n(open9),NoOp(working hours 9)',
    ]);
  });

  it('a holiday condition that takes Korean public holidays holds on their dates this year and next, each year behind its own guard', () => {
    const lines = conditionLines([condition(3, { start_month: 5, start_date: 1, korean_holidays: true, sound_file_id: 4 })]);
    const at = (spec: string) => `same => n,GotoIfTime(*,*,${spec},Asia/Seoul?acme-dest,sound-4,1)`;
    expect(lines[0]).toBe(at('1,may'));
    expect(lines[1]).toBe('same => n(kh3-2026),GotoIf($[${STRFTIME(${EPOCH},Asia/Seoul,%Y)}!=2026]?kh3-2027)');
    const guard2027 = lines.indexOf('same => n(kh3-2027),GotoIf($[${STRFTIME(${EPOCH},Asia/Seoul,%Y)}!=2027]?kh3-end)');
    const of2026 = lines.slice(2, guard2027);
    const of2027 = lines.slice(guard2027 + 1, -1);
    // Seollal 2026 (Feb 16-18), Chuseok 2026 (Sep 24-26) and Christmas; Seollal 2027 (Feb 6-9, with its substitute day).
    expect(of2026).toEqual(expect.arrayContaining([at('1,jan'), at('16-18,feb'), at('24-26,sep'), at('25,dec')]));
    expect(of2026).not.toContain(at('6-9,feb'));
    expect(of2027).toEqual(expect.arrayContaining([at('1,jan'), at('6-9,feb'), at('14-16,sep')]));
    expect(of2027).not.toContain(at('16-18,feb'));
    expect(lines.at(-1)).toBe('same => n(kh3-end),NoOp(Korean public holidays 2026-2027)');
  });
});

describe('IVR menus', () => {
  const menu = (fields: Partial<AppliedRouting['routing']['ivrs'][number]>) =>
    section(
      generate(
        applied({
          ivrs: [{ number: '700', name: 'Main menu', invalid_retries: 3, options: [], timeout_destination: null, invalid_destination: null, ...fields }],
        }),
      ),
      'acme-ivr-700',
    );

  it('plays the greeting, waits for a key, and sends each key, no key and a wrong key where the menu says', () => {
    expect(
      menu({
        greeting_sound_file_id: 3,
        timeout_s: 8,
        invalid_retries: 2,
        options: [
          { digit: '1', destination: { type: 'queue', target: '500' } },
          { digit: '9', destination: { type: 'ivr', target: '701' } },
          { digit: '*', destination: { type: 'voicemail', target: null } },
        ],
        timeout_destination: { type: 'callback_group', target: '800' },
        invalid_destination: { type: 'extension', target: '1003' },
      }),
    ).toEqual([
      'exten => s,1,Set(CC_IVR=700)',
      'same => n,Set(CC_TRIES=0)',
      'same => n,Answer()',
      'same => n(menu),Background(custom/callcentre/sound-3)',
      'same => n,WaitExten(8)',
      'exten => 1,1,Goto(acme-dest,queue-500,1)',
      // A nested menu by Goto.
      'exten => 9,1,Goto(acme-dest,ivr-701,1)',
      'exten => *,1,Goto(acme-dest,voicemail,1)',
      'exten => t,1,Goto(acme-dest,callback-800,1)',
      // Wrong keys are tried again up to invalid_retries times, then the invalid destination.
      'exten => i,1,Set(CC_TRIES=$[${CC_TRIES}+1])',
      'same => n,GotoIf($[${CC_TRIES}>2]?acme-dest,ext-1003,1)',
      'same => n,Goto(s,menu)',
    ]);
  });

  it('without a greeting only waits (the default 5 s), and missing destinations hang up', () => {
    expect(menu({ invalid_retries: 0 })).toEqual([
      'exten => s,1,Set(CC_IVR=700)',
      'same => n,Set(CC_TRIES=0)',
      'same => n,Answer()',
      'same => n(menu),WaitExten(5)',
      'exten => t,1,Goto(acme-dest,hangup,1)',
      'exten => i,1,Set(CC_TRIES=$[${CC_TRIES}+1])',
      'same => n,GotoIf($[${CC_TRIES}>0]?acme-dest,hangup,1)',
      'same => n,Goto(s,menu)',
    ]);
  });
});

describe('ring groups', () => {
  const group = (strategy: string, members: string[], more: Partial<AppliedRouting['ringGroups'][number]> = {}) => {
    const dest = section(generate(applied({ ringGroups: ['600'] }, { ringGroups: [{ number: '600', strategy, members, ring_time_s: 15, no_answer_destination: { type: 'voicemail', target: null }, ...more }] })), 'acme-dest');
    const start = dest.findIndex((line) => line.startsWith('exten => ringgroup-600,'));
    const end = dest.findIndex((line, index) => index > start && line.startsWith('exten => '));
    // The pop-up's ring_gr and ivr_number, then what the strategy rings.
    expect(dest.slice(start, start + 2)).toEqual(['exten => ringgroup-600,1,UserEvent(CallRoute,RingGroup: 600,Ivr: ${CC_IVR})', `same => n,NoOp(ring group 600 ${strategy})`]);
    return dest.slice(start + 2, end);
  };
  const answered = 'same => n,GotoIf($["${DIALSTATUS}"="ANSWER"]?answered)';
  const tail = ['same => n,Goto(acme-dest,voicemail,1)', 'same => n(answered),Hangup()'];

  it('ringall rings every member at once, outside numbers through the trunk', () => {
    expect(group('ringall', ['1001', '1002', '01012345678'])).toEqual(['same => n,Dial(PJSIP/1001&PJSIP/1002&PJSIP/01012345678@trunk,15)', answered, ...tail]);
  });

  it('hunt rings one member at a time in order, each for the ring time', () => {
    expect(group('hunt', ['1002', '1001'])).toEqual(['same => n,Dial(PJSIP/1002,15)', answered, 'same => n,Dial(PJSIP/1001,15)', answered, ...tail]);
  });

  it('memoryhunt rings a growing list', () => {
    expect(group('memoryhunt', ['1001', '1002', '1003'])).toEqual([
      'same => n,Dial(PJSIP/1001,15)',
      answered,
      'same => n,Dial(PJSIP/1001&PJSIP/1002,15)',
      answered,
      'same => n,Dial(PJSIP/1001&PJSIP/1002&PJSIP/1003,15)',
      answered,
      ...tail,
    ]);
  });

  it('firstavailable rings the first member whose phone is free (an outside number counts as free)', () => {
    expect(group('firstavailable', ['1001', '0299990000'])).toEqual([
      'same => n,GotoIf($["${DEVICE_STATE(PJSIP/1001)}"="NOT_INUSE"]?member1)',
      'same => n,Goto(member2)',
      'same => n,Goto(acme-dest,voicemail,1)',
      'same => n(member1),Dial(PJSIP/1001,15)',
      'same => n,Goto(dialled)',
      'same => n(member2),Dial(PJSIP/0299990000@trunk,15)',
      'same => n,Goto(dialled)',
      'same => n(dialled),GotoIf($["${DIALSTATUS}"="ANSWER"]?answered)',
      ...tail,
    ]);
  });

  it('rings 20 s when the ring time is blank, and hangs up without a no-answer destination', () => {
    expect(group('ringall', ['1001'], { ring_time_s: null, no_answer_destination: null })).toEqual([
      'same => n,Dial(PJSIP/1001,20)',
      answered,
      'same => n,Goto(acme-dest,hangup,1)',
      'same => n(answered),Hangup()',
    ]);
  });

  it('builds a dial string too long for one AMI line in a variable', () => {
    const members = Array.from({ length: 60 }, (_, i) => `0101234${String(i).padStart(4, '0')}`);
    const lines = group('ringall', members);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.every((line) => line.length < 950)).toBe(true);
    expect(lines[0]).toMatch(/^same => n,Set\(CC_DIAL=PJSIP\/01012340000@trunk&/);
    expect(lines[1]).toMatch(/^same => n,Set\(CC_DIAL=\$\{CC_DIAL\}&PJSIP\//);
    expect(lines).toContain('same => n,Dial(${CC_DIAL},15)');
    expect(lines.join('').match(/@trunk/g)).toHaveLength(60);
  });
});

describe('queues.conf and the context prefix', () => {
  it("a queue's maximum wait leaves for its overflow, which gets lines of its own; without one the caller waits on", () => {
    const routing = applied({ inboundNumbers: [{ number: '0215770000', name: 'Main', destination: { type: 'queue', target: '500' } }], queues: ['500', '501'] });
    const queues = [
      { number: '500', strategy: 'ringall' as const, members: ['1001'], maxWaitS: 90, noAnswer: { type: 'voicemail', target: null } },
      { number: '501', strategy: 'ringall' as const, members: ['1002'], maxWaitS: 30 },
    ];
    const dest = section(generateRoutingDialplan(routing, { prefix: 'acme', tech: 'PJSIP', year: 2026, queues }), 'acme-dest');
    expect(dest.slice(dest.indexOf('exten => queue-500,1,UserEvent(CallRoute,Ivr: ${CC_IVR})'), dest.indexOf('exten => queue-500,1,UserEvent(CallRoute,Ivr: ${CC_IVR})') + 4)).toEqual([
      'exten => queue-500,1,UserEvent(CallRoute,Ivr: ${CC_IVR})',
      'same => n,Queue(500,,,,90)',
      'same => n,GotoIf($["${QUEUESTATUS}"="TIMEOUT"]?acme-dest,voicemail,1)',
      'same => n,Hangup()',
    ]);
    expect(dest).toContain('same => n,GotoIf($["${QUEUESTATUS}"="TIMEOUT"]?acme-dest,hangup,1)');
    expect(dest).toContain('exten => voicemail,1,UserEvent(CallRouted,Type: voicemail,From: ${CALLERID(num)},To: ${CC_INBOUND})');
    // Without the live queues (the default) a queue holds the caller as before.
    expect(section(generate(routing), 'acme-dest')).toContain('same => n,Queue(500)');
  });


  it('writes each queue with its strategy and members', () => {
    expect(
      renderConfig(
        generateQueuesConfig(
          [
            { number: '500', strategy: 'ringall', members: ['1001', '1002'] },
            { number: '501', strategy: 'roundrobin', members: [] },
          ],
          'SIP',
        ),
      ),
    ).toBe(['[500]', 'strategy = ringall', 'member => SIP/1001', 'member => SIP/1002', '', '[501]', 'strategy = rrmemory'].join('\n'));
  });

  it('announces the sound file and the caller\'s position every announce_every_s (60 s when blank)', () => {
    const sections = generateQueuesConfig(
      [
        { number: '520', strategy: 'ringall', members: [], announce: { soundFileId: 7, position: true, everyS: 45 } },
        { number: '521', strategy: 'ringall', members: [], announce: { soundFileId: null, position: true, everyS: null } },
      ],
      'PJSIP',
    );
    expect(renderConfig(sections)).toBe(
      ['[520]', 'strategy = ringall', 'periodic-announce = custom/callcentre/sound-7', 'periodic-announce-frequency = 45', 'announce-position = yes', 'announce-frequency = 45', '', '[521]', 'strategy = ringall', 'announce-position = yes', 'announce-frequency = 60'].join('\n'),
    );
  });

  it("writes the queue entity's strategy as it is, its wrap-up, and each member's penalty above 0", () => {
    const sections = generateQueuesConfig([{ number: '510', strategy: 'leastrecent', members: ['1001', '1002'], penalties: { '1002': 2 }, wrapupS: 15 }], 'PJSIP');
    expect(renderConfig(sections)).toBe(['[510]', 'strategy = leastrecent', 'wrapuptime = 15', 'member => PJSIP/1001', 'member => PJSIP/1002,2'].join('\n'));
  });

  it('takes the company\'s dcontext when it is a plain context name, else one made from its id', () => {
    expect(companyContextPrefix('acme-context', 3)).toBe('acme-context');
    expect(companyContextPrefix(' acme ', 3)).toBe('acme');
    expect(companyContextPrefix(null, 3)).toBe('company-3');
    expect(companyContextPrefix('bad context,${X}', 7)).toBe('company-7');
  });
});
