import { boardOf, emptyBoard, foldQueueEvent, type BoardConfig } from './queue-board';
import type { QueueLogEvent, QueueLogVerb } from './queue-log';
import { agentStateOf } from './queue-log';
import { bucketStart, queueStatistics, secondsInState, stateIntervals } from './queue-statistics';

/** A Seoul time on 2026-11-27 (a Friday) as epoch ms. */
const seoul = (hhmmss: string) => Date.parse(`2026-11-27T${hhmmss}+09:00`);
const ev = (time: string, event: QueueLogVerb, fields: Partial<QueueLogEvent> = {}): QueueLogEvent => ({ at: seoul(time), event, uniqueid: '', queue: '', agent: '', data: {}, ...fields });
const call = (time: string, event: QueueLogVerb, uniqueid: string, data: QueueLogEvent['data'] = {}, agent = '') => ev(time, event, { uniqueid, queue: '500', agent, data });
const status = (time: string, agent: string, code: number) => ev(time, 'AGENTSTATUS', { agent, data: { status: code, exten_status: 51 } });

/** A scripted morning of queue 500 (threshold 20 s, agents 1001 and 1002). */
const DAY: QueueLogEvent[] = [
  status('09:00:00', '1001', 0),
  status('09:00:00', '1002', 0),
  call('09:05:00', 'ENTERQUEUE', 'c1', { caller: '01055550001' }),
  call('09:05:10', 'CONNECT', 'c1', { wait_s: 10 }, '1001'),
  call('09:08:10', 'COMPLETE', 'c1', { wait_s: 10, talk_s: 180, by: 'caller' }, '1001'),
  call('09:10:00', 'ENTERQUEUE', 'c2', { caller: '01055550002' }),
  call('09:10:18', 'CONNECT', 'c2', { wait_s: 18 }, '1002'),
  call('09:12:18', 'COMPLETE', 'c2', { wait_s: 18, talk_s: 120, by: 'agent' }, '1002'),
  call('09:20:00', 'ENTERQUEUE', 'c3', { caller: '01055550003' }),
  call('09:20:15', 'ABANDON', 'c3', { wait_s: 15 }),
  call('09:25:00', 'ENTERQUEUE', 'c4', { caller: '01055550004' }),
  call('09:26:00', 'ABANDON', 'c4', { wait_s: 60 }),
  status('09:30:00', '1002', 11),
  call('09:40:00', 'ENTERQUEUE', 'c5', { caller: '01055550005' }),
];
const LATER: QueueLogEvent[] = [
  call('10:05:00', 'ENTERQUEUE', 'c6', { caller: '01055550006' }),
  call('10:05:05', 'CONNECT', 'c6', { wait_s: 5 }, '1001'),
  call('10:06:05', 'COMPLETE', 'c6', { wait_s: 5, talk_s: 60, by: 'caller' }, '1001'),
];
const CONFIG: BoardConfig = { queues: [{ number: '500', name: 'Customer Service', service_level_s: 20, members: ['1001', '1002', '1003'] }], names: { '1001': 'Agent One', '1002': 'Agent Two' } };
const threshold = () => 20;

function boardAfter(events: readonly QueueLogEvent[]) {
  const board = emptyBoard();
  for (const event of events) foldQueueEvent(board, event, threshold);
  return board;
}

describe('the queue board, folded from the queue log', () => {
  it('counts a scripted morning exactly, with both service levels', () => {
    const [queue] = boardOf(boardAfter(DAY), CONFIG, seoul('09:41:00'));
    expect(queue).toMatchObject({
      queue: '500',
      name: 'Customer Service',
      offered: 5,
      answered: 2,
      abandoned: 2,
      timed_out: 0,
      // Both answered within 20 s.
      service_level: 1,
      // (2 answered + 1 abandoned within 20 s) ÷ (2 answered + 2 abandoned).
      service_level_with_abandoned: 0.75,
      avg_wait_s: 14,
      avg_talk_s: 150,
      longest_wait_s: 60,
      waiting: [{ uniqueid: 'c5', caller: '01055550005', waited_s: 60, entered_at: '2026-11-27T00:40:00.000Z' }],
    });
  });

  it("shows each member's state, pause reason and since when, and members never seen as logged out", () => {
    const [queue] = boardOf(boardAfter(DAY), CONFIG, seoul('09:41:00'));
    expect(queue!.agents).toEqual([
      { extension: '1001', name: 'Agent One', exten_status: 51, status: 0, state: 'available', reason: null, since: '2026-11-27T00:00:00.000Z' },
      { extension: '1002', name: 'Agent Two', exten_status: 51, status: 11, state: 'rest', reason: 'rest', since: '2026-11-27T00:30:00.000Z' },
      { extension: '1003', name: '', exten_status: 0, status: 4, state: 'logged_out', reason: null, since: null },
    ]);
  });

  it('keeps the time in state when the same status repeats, and restarts it when the state changes', () => {
    const board = boardAfter([...DAY, status('09:35:00', '1002', 11), status('09:36:00', '1002', 12)]);
    const agent = (ext: string) => boardOf(board, CONFIG, seoul('09:41:00'))[0]!.agents.find((a) => a.extension === ext);
    expect(agent('1002')).toMatchObject({ state: 'on_call', reason: 'rest', since: '2026-11-27T00:36:00.000Z' });
  });

  it('a reset zeroes the counters and says who and when, but callers still waiting stay on the board', () => {
    const [queue] = boardOf(boardAfter([...DAY, call('09:50:00', 'QUEUERESET', '', { by: 'Manager' })]), CONFIG, seoul('09:51:00'));
    expect(queue).toMatchObject({ offered: 0, answered: 0, abandoned: 0, service_level: null, service_level_with_abandoned: null, reset_by: 'Manager', reset_at: '2026-11-27T00:50:00.000Z' });
    expect(queue!.waiting).toEqual([expect.objectContaining({ uniqueid: 'c5', waited_s: 660 })]);
  });

  it('a caller the queue gives up on counts as timed out and leaves the waiting list', () => {
    const [queue] = boardOf(boardAfter([...DAY, call('09:45:00', 'EXITWITHTIMEOUT', 'c5', { wait_s: 300 })]), CONFIG, seoul('09:46:00'));
    expect(queue).toMatchObject({ timed_out: 1, waiting: [], longest_wait_s: 0 });
  });
});

describe('statistics from the queue log (Asia/Seoul buckets)', () => {
  const events = [...DAY, ...LATER];

  it('by the hour: offered, answered, abandoned, service level, speed of answer and talk time, empty hours too', () => {
    const rows = queueStatistics(events, { from: seoul('09:00:00'), to: seoul('12:00:00'), bucket: '1h', thresholdOf: threshold });
    expect(rows).toEqual([
      { bucket_start: '2026-11-27T00:00:00.000Z', offered: 5, answered: 2, abandoned: 2, service_level: 1, avg_wait_s: 14, avg_talk_s: 150 },
      { bucket_start: '2026-11-27T01:00:00.000Z', offered: 1, answered: 1, abandoned: 0, service_level: 1, avg_wait_s: 5, avg_talk_s: 60 },
      { bucket_start: '2026-11-27T02:00:00.000Z', offered: 0, answered: 0, abandoned: 0, service_level: null, avg_wait_s: null, avg_talk_s: null },
    ]);
  });

  it('by the quarter hour, and per extension', () => {
    const rows = queueStatistics(events, { from: seoul('09:00:00'), to: seoul('09:30:00'), bucket: '15m', extension: '1001', thresholdOf: threshold });
    expect(rows.map((r) => [r.bucket_start, r.offered, r.answered])).toEqual([
      ['2026-11-27T00:00:00.000Z', 1, 1],
      ['2026-11-27T00:15:00.000Z', 0, 0],
    ]);
  });

  it('a stricter threshold lowers the service level', () => {
    const [row] = queueStatistics(events, { from: seoul('09:00:00'), to: Date.parse('2026-11-28T00:00:00+09:00'), bucket: 'day', thresholdOf: () => 15 });
    expect(row).toMatchObject({ bucket_start: '2026-11-26T15:00:00.000Z', offered: 6, answered: 3, service_level: 2 / 3 });
  });

  it('days start at Seoul midnight and weeks on Monday', () => {
    expect(new Date(bucketStart(seoul('00:30:00'), 'day')).toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(new Date(bucketStart(seoul('23:59:59'), 'week')).toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(new Date(bucketStart(Date.parse('2026-11-23T00:00:00+09:00'), 'week')).toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(new Date(bucketStart(Date.parse('2026-11-22T23:59:59+09:00'), 'week')).toISOString()).toBe('2026-11-15T15:00:00.000Z');
  });
});

describe("an agent's day as state intervals", () => {
  it('splits the hour into available and rest, clipped to the span asked for', () => {
    const intervals = stateIntervals(DAY, seoul('09:00:00'), seoul('10:00:00'));
    expect(intervals.map((i) => [i.agent, i.state, i.reason, (i.end - i.start) / 1000])).toEqual([
      ['1001', 'available', null, 3600],
      ['1002', 'available', null, 1800],
      ['1002', 'rest', 'rest', 1800],
    ]);
    expect(secondsInState(intervals)).toEqual({ '1001': { available: 3600 }, '1002': { available: 1800, rest: 1800 } });
  });

  it('a state entered before the span counts from its start, and a repeated status continues the interval', () => {
    const intervals = stateIntervals([...DAY, status('09:45:00', '1002', 11)], seoul('09:40:00'), seoul('09:50:00'), '1002');
    expect(intervals).toEqual([{ agent: '1002', state: 'rest', reason: 'rest', start: seoul('09:40:00'), end: seoul('09:50:00') }]);
  });

  it('reads the specification status codes', () => {
    expect(agentStateOf(22, 51)).toEqual({ state: 'on_call', reason: 'lunch' });
    expect(agentStateOf(0, 0)).toEqual({ state: 'logged_out', reason: null });
    expect(agentStateOf(8, 51)).toEqual({ state: 'ringing', reason: null });
    expect(agentStateOf(31, 51)).toEqual({ state: 'after', reason: 'after' });
  });
});
