import { eq } from 'drizzle-orm';
import type { QueueLogEvent, QueueLogVerb } from '../../../src/api/queues/queue-log';
import { companyScope } from '../../src/db/company-scope';
import { queueAgentStats15m, queueLog, queueStats15m, users } from '../../src/db/schema';
import { forgetRolledStatistics, rollStatistics, rolledTo } from '../../src/services/queues/statistics-rollup';
import { buildTestApp, loginAs, post, type TestApp } from '../helpers/build-test-app';

/**
 * The rolled-up statistics (docs/queues.md "Statistics"): a report gives the same numbers whether the
 * queue log is rolled up or not, the roll stops before a call still going, each company rolls only its
 * own log, and forgetting the rolls recomputes them. The log is written straight into the table, as the
 * recorder would, two days ago in Seoul.
 */

let t: TestApp;
let token: string;
let acmeToken: string;
let companyId: number;
let acmeId: number;

/** 2 days before today, Seoul time `hh:mm:ss`, as epoch ms. */
const DAY0 = Date.parse(`${new Date(Date.now() + 9 * 3_600_000 - 2 * 86_400_000).toISOString().slice(0, 10)}T00:00:00+09:00`);
const at = (hhmmss: string) => {
  const [h, m, s] = hhmmss.split(':').map(Number) as [number, number, number];
  return DAY0 + ((h * 60 + m) * 60 + s) * 1000;
};
const call = (time: string, event: QueueLogVerb, uniqueid: string, queue: string, data: QueueLogEvent['data'] = {}, agent = ''): QueueLogEvent => ({ at: at(time), event, uniqueid, queue, agent, data });

/** A morning over two queues: answered within and past 20 s, abandoned, timed out, talk times. */
const MORNING: QueueLogEvent[] = [
  call('09:05:00', 'ENTERQUEUE', 'r1', '500'),
  call('09:05:10', 'CONNECT', 'r1', '500', { wait_s: 10 }, '1001'),
  call('09:08:10', 'COMPLETE', 'r1', '500', { wait_s: 10, talk_s: 180 }, '1001'),
  call('09:14:50', 'ENTERQUEUE', 'r2', '500'),
  call('09:15:30', 'CONNECT', 'r2', '500', { wait_s: 40 }, '1002'),
  call('09:17:30', 'COMPLETE', 'r2', '500', { wait_s: 40, talk_s: 120 }, '1002'),
  call('09:20:00', 'ENTERQUEUE', 'r3', '500'),
  call('09:20:15', 'ABANDON', 'r3', '500', { wait_s: 15 }),
  call('10:02:00', 'ENTERQUEUE', 'r4', '501'),
  call('10:02:05', 'CONNECT', 'r4', '501', { wait_s: 5 }, '1001'),
  call('10:03:05', 'TRANSFER', 'r4', '501', { wait_s: 5, talk_s: 60 }, '1001'),
  call('10:30:00', 'ENTERQUEUE', 'r5', '501'),
  call('10:35:00', 'EXITWITHTIMEOUT', 'r5', '501', { wait_s: 300 }),
];

async function writeLog(company: number, events: QueueLogEvent[]) {
  await t.db.insert(queueLog).values(events.map((e) => ({ companyId: company, at: new Date(e.at), event: e.event, uniqueid: e.uniqueid, queue: e.queue, agent: e.agent, data: e.data })));
}

async function companyOf(username: string) {
  const [row] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, username));
  return row!.companyId!;
}

const iso = (ms: number) => new Date(ms).toISOString();

async function report(body: Record<string, unknown>, as = token) {
  const response = await post(t.app, '/statistics/inbound', { from: iso(DAY0), to: iso(DAY0 + 86_400_000), ...body }, { token: as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Record<string, unknown>[] }>().data;
}

/** Every shape of report this file compares before and after the roll. */
const QUERIES: Record<string, unknown>[] = [
  { bucket: '15m' },
  { bucket: '1h', group_by: 'queue' },
  { bucket: 'day', group_by: 'agent' },
  { bucket: '30m', extension: '1001' },
  { bucket: 'week', group_by: 'agent' },
  { bucket: '1h', queue: '501' },
  // An unaligned start: the edge is folded from the log, the rest read from the rolled slots.
  { bucket: '1h', from: iso(at('09:10:00')), group_by: 'queue' },
];

beforeAll(async () => {
  t = await buildTestApp();
  token = (await loginAs(t.app, 'manager')).access_token;
  acmeToken = (await loginAs(t.app, 'acme-manager')).access_token;
  companyId = await companyOf('manager');
  acmeId = await companyOf('acme-manager');
  await writeLog(companyId, MORNING);
});
afterAll(async () => {
  await t?.close();
});

describe('statistics rolled up from the queue log', () => {
  it('give the same reports as the raw log, by queue, by agent, per extension and from an unaligned start', async () => {
    const before = await Promise.all(QUERIES.map((query) => report(query)));
    const mark = await rollStatistics(companyScope(t.db, companyId));
    expect(mark).toBeGreaterThan(at('10:35:00'));
    // Queue totals and per-agent rows go to their own tables.
    expect((await t.db.select().from(queueStats15m).where(eq(queueStats15m.companyId, companyId))).map((row) => row.agent)).toContain('');
    expect((await t.db.select().from(queueAgentStats15m).where(eq(queueAgentStats15m.companyId, companyId))).map((row) => row.agent).sort()).toEqual(['1001', '1001', '1002']);
    const after = await Promise.all(QUERIES.map((query) => report(query)));
    expect(after).toEqual(before);

    const byQueue = before[1]!.filter((row) => row.offered !== 0);
    expect(byQueue.map((row) => [row.group, row.bucket_start, row.offered, row.answered, row.abandoned, row.service_level])).toEqual([
      ['500', iso(at('09:00:00')), 3, 2, 1, 0.5],
      ['501', iso(at('10:00:00')), 2, 1, 0, 1],
    ]);
    const byAgent = before[2]!;
    expect(byAgent.map((row) => [row.group, row.answered, row.avg_talk_s])).toEqual([
      ['1001', 2, 120],
      ['1002', 1, 120],
    ]);
  });

  it('stops before a call still going and rolls it once it has ended', async () => {
    const now = Date.now();
    const stuck = now - 2 * 3_600_000;
    const entered: QueueLogEvent = { at: stuck, event: 'ENTERQUEUE', uniqueid: 'open1', queue: '500', agent: '', data: {} };
    await writeLog(companyId, [entered, { ...entered, at: stuck + 3_000, event: 'CONNECT', agent: '1001', data: { wait_s: 3 } }]);
    const scope = companyScope(t.db, companyId);
    // Rows are logged as they happen, never behind the mark: start the roll over as if they had been.
    await forgetRolledStatistics(scope);
    const mark = (await rollStatistics(scope, now))!;
    expect(mark).toBeLessThanOrEqual(stuck);
    expect(mark).toBeGreaterThan(stuck - 15 * 60_000);

    await writeLog(companyId, [{ ...entered, at: stuck + 63_000, event: 'COMPLETE', agent: '1001', data: { wait_s: 3, talk_s: 60 } }]);
    expect(await rollStatistics(scope, now)).toBeGreaterThan(stuck);
    const today = await report({ from: iso(stuck - 3_600_000), to: iso(now), bucket: 'day', extension: '1001' });
    expect(today.reduce((sum, row) => sum + Number(row.answered), 0)).toBe(1);
  });

  it('each company rolls and reads only its own log', async () => {
    expect(await rollStatistics(companyScope(t.db, acmeId))).toBeNull();
    expect(await rolledTo(companyScope(t.db, acmeId))).toBeNull();
    const acme = await report({ bucket: 'day', group_by: 'queue' }, acmeToken);
    expect(acme).toEqual([]);
    const acmeTotals = await report({ bucket: 'day' }, acmeToken);
    expect(acmeTotals.reduce((sum, row) => sum + Number(row.offered), 0)).toBe(0);
  });

  it('forgetting the rolls recomputes the same numbers', async () => {
    const scope = companyScope(t.db, companyId);
    const before = await report({ bucket: '1h', group_by: 'queue' });
    await forgetRolledStatistics(scope);
    expect(await rolledTo(scope)).toBeNull();
    expect(await t.db.select().from(queueStats15m).where(eq(queueStats15m.companyId, companyId))).toEqual([]);
    expect(await t.db.select().from(queueAgentStats15m).where(eq(queueAgentStats15m.companyId, companyId))).toEqual([]);
    expect(await report({ bucket: '1h', group_by: 'queue' })).toEqual(before);
    await rollStatistics(scope);
    expect(await report({ bucket: '1h', group_by: 'queue' })).toEqual(before);
  });

  it('refuses an unknown grouping with a message under the field', async () => {
    const response = await post(t.app, '/statistics/inbound', { from: iso(DAY0), to: iso(DAY0 + 86_400_000), bucket: 'day', group_by: 'caller' }, { token });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.group_by).toHaveLength(1);
  });
});
