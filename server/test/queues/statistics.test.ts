import { CTI, pause, startCallKit, withQueueAway, type CallKit } from '../calls/call-test-kit';

/**
 * Call statistics (docs/queues.md "Statistics"): `statistics/inbound` from the queue log,
 * `statistics/calls` from the call log, `statistics/extension-status` as each agent's day; buckets in
 * Asia/Seoul, bad input 422, who may read them, and each company its own.
 */

let kit: CallKit;
type Row = { bucket_start: string; offered: number; answered: number; abandoned: number; service_level: number | null; avg_wait_s: number | null; avg_talk_s: number | null };

/** The last hour and this one (the calls may straddle an hour's turn), as the report's range. */
function thisHour() {
  const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
  return { from: new Date(hourStart).toISOString().replace('Z', '+00:00'), to: new Date(hourStart + 7_200_000).toISOString().replace('Z', '+00:00'), start: new Date(hourStart).toISOString() };
}

/** The rows' counts added up. */
const total = (rows: Row[], key: 'offered' | 'answered' | 'abandoned') => rows.reduce((sum, row) => sum + row[key], 0);

beforeAll(async () => {
  kit = await startCallKit();
  // One caller abandons while the agents are at lunch; one is answered by agent1 and talks a moment.
  await withQueueAway(kit, async () => {
    const uniqueid = await kit.place('01055550201', '500');
    await pause(100);
    await kit.farHangup(uniqueid);
  });
  const answered = await kit.place('01055550202', '500');
  await pause(50);
  expect((await kit.ctiAs('agent1', CTI.answer)).statusCode).toBe(200);
  await pause(1_100);
  await kit.farHangup(answered);
  await kit.settle();
  await kit.t.app.queues.recorder.flushed();
});
afterAll(async () => {
  await kit?.close();
});

async function report(path: string, body: Record<string, unknown>, as: 'manager' | 'acme-manager' | 'agent1' = 'manager') {
  return kit.call(as, path, body);
}

describe('statistics/inbound', () => {
  it('counts this hour: offered, answered, abandoned, service level, speed of answer and talk time', async () => {
    const range = thisHour();
    const response = await report('/statistics/inbound', { from: range.from, to: range.to, bucket: '1h', queue: '500' });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<{ data: Row[] }>().data;
    expect(rows.map((row) => row.bucket_start)).toEqual([range.start, new Date(Date.parse(range.start) + 3_600_000).toISOString()]);
    expect([total(rows, 'offered'), total(rows, 'answered'), total(rows, 'abandoned')]).toEqual([2, 1, 1]);
    const answeredRow = rows.find((row) => row.answered === 1)!;
    expect(answeredRow.service_level).toBe(1);
    expect(answeredRow.avg_talk_s).toBeGreaterThanOrEqual(1);
  });

  it('draws every bucket of the range, empty ones too, and narrows to the agent who answered', async () => {
    const range = thisHour();
    const quarters = (await report('/statistics/inbound', { from: range.from, to: range.to, bucket: '15m' })).json<{ data: Row[] }>().data;
    expect(quarters).toHaveLength(8);
    expect(total(quarters, 'offered')).toBe(2);
    const agent2 = (await report('/statistics/inbound', { from: range.from, to: range.to, bucket: '1h', extension: '1002' })).json<{ data: Row[] }>().data;
    expect(total(agent2, 'offered')).toBe(0);
    const agent1 = (await report('/statistics/inbound', { from: range.from, to: range.to, bucket: '1h', extension: '1001' })).json<{ data: Row[] }>().data;
    expect(total(agent1, 'answered')).toBe(1);
  });

  it('another company sees none of it', async () => {
    const range = thisHour();
    const acme = (await report('/statistics/inbound', { from: range.from, to: range.to, bucket: '1h' }, 'acme-manager')).json<{ data: Row[] }>().data;
    expect(total(acme, 'offered')).toBe(0);
  });
});

describe('statistics/calls', () => {
  it('counts the inbound calls of the call log this hour', async () => {
    const range = thisHour();
    const response = await report('/statistics/calls', { from: range.from, to: range.to, bucket: '1h', direction: 'inbound' });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<{ data: Row[] }>().data;
    expect([total(rows, 'offered'), total(rows, 'answered'), total(rows, 'abandoned')]).toEqual([2, 1, 1]);
  });
});

describe('statistics/extension-status', () => {
  it("gives agent1's day as state intervals and seconds per state", async () => {
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    const response = await report('/statistics/extension-status', { date: today, extension: '1001' });
    expect(response.statusCode, response.body).toBe(200);
    const [agent] = response.json<{ data: { extension: string; seconds: Record<string, number>; intervals: { state: string }[] }[] }>().data;
    expect(agent!.extension).toBe('1001');
    expect(agent!.intervals.map((i) => i.state)).toEqual(expect.arrayContaining(['available', 'lunch', 'on_call']));
    expect(agent!.seconds.on_call).toBeGreaterThanOrEqual(1);
  });
});

describe('bad input and rights', () => {
  it('answers 422 under the field, and 403 to an agent without call statistics', async () => {
    const range = thisHour();
    const bad = async (body: Record<string, unknown>, field: string) => {
      const response = await report('/statistics/inbound', body);
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
    };
    await bad({ from: range.to, to: range.from, bucket: '1h' }, 'to');
    await bad({ from: '2026-01-01T00:00:00+09:00', to: '2026-06-01T00:00:00+09:00', bucket: 'day' }, 'to');
    await bad({ from: 'yesterday', to: range.to, bucket: '1h' }, 'from');
    await bad({ from: range.from, to: range.to, bucket: 'month' }, 'bucket');
    expect((await report('/statistics/extension-status', { date: '2026-02-30' })).statusCode).toBe(422);
    expect((await report('/statistics/inbound', { from: range.from, to: range.to, bucket: '1h' }, 'agent1')).statusCode).toBe(403);
  });
});
