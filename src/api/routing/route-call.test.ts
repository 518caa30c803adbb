import { NO_RANGES } from './time-condition-rules';
import { routeCall, seoulDay, type RoutingConfig } from './route-call';

/**
 * The routing decision as a table (issue 17): number, caller, time and keys → the path and where the call
 * ends. Times are Asia/Seoul; 2026-11-25 is a Wednesday.
 */

const condition = (id: number, init: Partial<RoutingConfig['timeConditions'][number]>): RoutingConfig['timeConditions'][number] => ({
  id,
  name: `condition ${id}`,
  type: 'working_hour',
  ...NO_RANGES,
  destination: null,
  sound_file_id: null,
  ...init,
});

const CONFIG: RoutingConfig = {
  inboundNumbers: [
    { number: '0215880000', name: 'Main line', destination: { type: 'ivr', target: '700' } },
    { number: '0215881111', name: 'Sales', destination: { type: 'queue', target: '500' } },
    { number: '0215882222', name: 'Nowhere', destination: null },
  ],
  timeConditions: [
    // Open Monday to Friday 09:00–18:00: outside it, the after-hours message.
    condition(1, { name: 'Office hours', type: 'working_hour', start_weekday: 1, end_weekday: 5, start_hour: 9, start_minute: 0, end_hour: 18, end_minute: 0, sound_file_id: 3 }),
    condition(2, { name: 'Lunch', type: 'lunch_hour', start_hour: 12, start_minute: 0, end_hour: 13, end_minute: 0, destination: { type: 'callback_group', target: '800' } }),
    condition(3, { name: 'Public holidays', type: 'holiday', start_month: 1, end_month: 1, start_date: 1, end_date: 1, korean_holidays: true, destination: { type: 'hangup', target: null } }),
  ],
  ivrs: [
    {
      number: '700',
      name: 'Main menu',
      invalid_retries: 1,
      options: [
        { digit: '1', destination: { type: 'queue', target: '500' } },
        { digit: '2', destination: { type: 'ring_group', target: '600' } },
        { digit: '9', destination: { type: 'ivr', target: '701' } },
      ],
      timeout_destination: { type: 'extension', target: '1001' },
      invalid_destination: { type: 'hangup', target: null },
    },
    { number: '701', name: 'Sub menu', invalid_retries: 0, options: [{ digit: '#', destination: { type: 'ivr', target: '700' } }], timeout_destination: null, invalid_destination: { type: 'voicemail', target: null } },
  ],
  ringGroups: ['600'],
  queues: ['500'],
  callbackGroups: ['800'],
  extensions: ['1001', '1002'],
  blacklist: ['01099990000'],
};

const at = (local: string) => new Date(`${local}+09:00`);
const HOLIDAYS = new Set(['2026-09-25']);
const route = (to: string, local: string, digits?: string, from = '01055550001') =>
  routeCall(CONFIG, { to, from, at: at(local), ...(digits !== undefined ? { digits } : {}) }, (day) => HOLIDAYS.has(day));

describe('routeCall', () => {
  it.each([
    // to, Seoul time, keys → where it ends, ring_gr, ivr_number
    ['0215880000', '2026-11-25T10:00', '1', { type: 'queue', target: '500' }, '500', '700'],
    ['0215880000', '2026-11-25T10:00', '2', { type: 'ring_group', target: '600' }, '600', '700'],
    ['0215880000', '2026-11-25T10:00', '', { type: 'extension', target: '1001' }, '', '700'],
    ['0215880000', '2026-11-25T10:00', '7', { type: 'extension', target: '1001' }, '', '700'], // one wrong key, then no key: timeout
    ['0215880000', '2026-11-25T10:00', '77', { type: 'hangup', target: null }, '', '700'], // wrong twice: past the retries
    ['0215880000', '2026-11-25T10:00', '71', { type: 'queue', target: '500' }, '500', '700'], // wrong once, then right
    ['0215880000', '2026-11-25T10:00', '9#2', { type: 'ring_group', target: '600' }, '600', '700'], // into the sub menu and back
    ['0215880000', '2026-11-25T10:00', '95', { type: 'voicemail', target: null }, '', '701'],
    ['0215880000', '2026-11-25T12:30', '1', { type: 'callback_group', target: '800' }, '', ''], // lunch
    ['0215880000', '2026-11-25T19:00', '1', { type: 'sound_file', target: '3' }, '', ''], // after hours
    ['0215880000', '2026-11-28T10:00', '1', { type: 'sound_file', target: '3' }, '', ''], // Saturday
    ['0215880000', '2026-09-25T10:00', '1', { type: 'hangup', target: null }, '', ''], // Chuseok (a Friday): holiday beats work time
    ['0215880000', '2027-01-01T12:30', '1', { type: 'hangup', target: null }, '', ''], // New Year at lunch: holiday beats lunch
    ['0215881111', '2026-11-25T10:00', undefined, { type: 'queue', target: '500' }, '500', ''],
    ['0215882222', '2026-11-25T10:00', undefined, { type: 'hangup', target: null }, '', ''],
    ['1002', '2026-11-25T19:00', undefined, { type: 'extension', target: '1002' }, '', ''], // an extension dialled directly: no conditions
    ['700', '2026-11-25T19:00', '2', { type: 'ring_group', target: '600' }, '600', '700'],
    ['0299999999', '2026-11-25T10:00', undefined, { type: 'unknown', target: '0299999999' }, '', ''],
  ] as const)('%s at %s pressing %s → %o (ring_gr %s, ivr %s)', (to, local, digits, destination, ringGroup, ivrNumber) => {
    const routed = route(to, local, digits);
    expect(routed.destination).toEqual(destination);
    expect(routed.ringGroup).toBe(ringGroup);
    expect(routed.ivrNumber).toBe(ivrNumber);
  });

  it.each([
    // force, Seoul time → where a call to the main line (keys '1') ends
    ['open', '2026-11-25T19:00', { type: 'queue', target: '500' }], // after hours, forced open: the menu
    ['open', '2026-11-28T10:00', { type: 'queue', target: '500' }], // Saturday, forced open
    ['open', '2026-11-25T12:30', { type: 'queue', target: '500' }], // lunch does not hold either
    ['open', '2026-09-25T10:00', { type: 'hangup', target: null }], // a public holiday still comes first
    ['closed', '2026-11-25T10:00', { type: 'sound_file', target: '3' }], // in hours, forced closed: the after-hours message
    ['closed', '2026-11-25T12:30', { type: 'sound_file', target: '3' }], // closed beats lunch
    ['closed', '2027-01-01T10:00', { type: 'hangup', target: null }], // the holiday still first
    [null, '2026-11-25T10:00', { type: 'queue', target: '500' }], // no force: the hours
  ] as const)('forced %s at %s → %o', (force, local, destination) => {
    const routed = routeCall(CONFIG, { to: '0215880000', from: '01055550001', at: at(local), digits: '1', force }, (day) => HOLIDAYS.has(day));
    expect(routed.destination).toEqual(destination);
  });

  it('says when the work-time switch decided', () => {
    const closed = routeCall(CONFIG, { to: '0215880000', from: '01055550001', at: at('2026-11-25T10:00'), force: 'closed' });
    expect(closed.steps[1]).toMatchObject({ type: 'time_condition', target: 'Office hours', reasonId: 'routing.reason.forced_closed' });
    const open = routeCall(CONFIG, { to: '0215880000', from: '01055550001', at: at('2026-11-25T19:00'), force: 'open' });
    expect(open.steps[1]).toMatchObject({ type: 'time_condition', target: 'Office hours', reasonId: 'routing.reason.forced_open' });
    // Without a working-hour condition there is nothing to close by: the inbound number's destination.
    const none = { ...CONFIG, timeConditions: CONFIG.timeConditions.filter((c) => c.type !== 'working_hour') };
    expect(routeCall(none, { to: '0215881111', from: '01055550001', at: at('2026-11-25T10:00'), force: 'closed' }).destination).toEqual({ type: 'queue', target: '500' });
  });

  it('refuses a blacklisted caller before anything else', () => {
    const routed = route('0215880000', '2026-11-25T10:00', '1', '01099990000');
    expect(routed.destination).toEqual({ type: 'blocked', target: null });
    expect(routed.steps.map((s) => s.type)).toEqual(['blacklist']);
  });

  it('says why at each step', () => {
    const routed = route('0215880000', '2026-11-25T10:00', '9#2');
    expect(routed.steps.map((s) => [s.type, s.target])).toEqual([
      ['inbound_number', '0215880000'],
      ['ivr', '700'],
      ['ivr_option', '9'],
      ['ivr', '701'],
      ['ivr_option', '#'],
      ['ivr', '700'],
      ['ivr_option', '2'],
      ['ring_group', '600'],
    ]);
    expect(route('0215880000', '2026-11-25T12:30').steps[1]).toMatchObject({ type: 'time_condition', target: 'Lunch', reasonId: 'routing.reason.condition_lunch_hour' });
  });

  it('stops a menu that leads back to itself', () => {
    const loop: RoutingConfig = {
      ...CONFIG,
      ivrs: [{ number: '700', name: 'Loop', invalid_retries: 0, options: [], timeout_destination: { type: 'ivr', target: '700' }, invalid_destination: null }],
    };
    const routed = routeCall(loop, { to: '700', from: '01055550001', at: at('2026-11-25T10:00') });
    expect(routed.destination).toEqual({ type: 'hangup', target: null });
    expect(routed.steps.at(-1)).toMatchObject({ reasonId: 'routing.reason.loop' });
  });

  it('reads the time in Asia/Seoul whatever the server’s zone', () => {
    expect(seoulDay(new Date('2026-11-24T15:30:00Z'))).toBe('2026-11-25');
  });
});
