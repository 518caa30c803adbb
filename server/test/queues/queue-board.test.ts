import type { QueueStatusRecord } from '../../../src/api/contracts/queue-status.contract';
import { listen, openSocket, tokensFor, type ClientSocket } from '../cti/cti-helpers';
import { CTI, pause, startCallKit, withQueueAway, type CallKit } from '../calls/call-test-kit';

/**
 * The live queue board (docs/queues.md): the queue log written from the built-in PBX's events, the
 * board computed from it (`queue/status`), resets (`queue/reset`, recorded with who), the push to the
 * company's board room (`queue_status`), who may see it, and company isolation.
 */

let kit: CallKit;

beforeAll(async () => {
  kit = await startCallKit();
});
afterAll(async () => {
  await kit?.close();
});

async function board(as: 'manager' | 'acme-manager' = 'manager', queue = '500'): Promise<QueueStatusRecord> {
  await kit.t.app.queues.recorder.flushed();
  const response = await kit.call(as, '/queue/status', { queue });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: QueueStatusRecord[] }>().data[0]!;
}

/** Waits (briefly) until the board says what `check` wants. */
async function boardUntil(check: (status: QueueStatusRecord) => boolean): Promise<QueueStatusRecord> {
  let last = await board();
  for (let i = 0; i < 40 && !check(last); i += 1) {
    await pause(50);
    last = await board();
  }
  return last;
}

describe('queue/status', () => {
  it("shows the queue's members with their state as the PBX reports it", async () => {
    const status = await board();
    expect(status).toMatchObject({ queue: '500', name: 'Customer Service', service_level_s: 20, waiting: [] });
    expect(status.agents.map((a) => [a.extension, a.state])).toEqual([
      ['1001', 'available'],
      ['1002', 'available'],
    ]);
    expect(status.agents[0]!.since).toEqual(expect.any(String));
  });

  it('a caller waiting while the agents are at lunch, then abandoning: waiting, longest wait, pause reason, abandoned', async () => {
    const before = await board();
    await withQueueAway(kit, async () => {
      const uniqueid = await kit.place('01055550123', '500');
      const waiting = await boardUntil((s) => s.waiting.length === 1);
      expect(waiting.waiting[0]).toMatchObject({ uniqueid, caller: '01055550123' });
      expect(waiting.offered).toBe(before.offered + 1);
      expect(waiting.agents.map((a) => [a.state, a.reason])).toEqual([
        ['lunch', 'lunch'],
        ['lunch', 'lunch'],
      ]);
      await kit.farHangup(uniqueid);
      const after = await boardUntil((s) => s.waiting.length === 0);
      expect(after.abandoned).toBe(before.abandoned + 1);
      expect(after.longest_wait_s).toBe(0);
    });
  });

  it('a call agent1 answers counts as answered within the threshold; the service levels follow', async () => {
    const before = await board();
    const uniqueid = await kit.place('01055550124', '500');
    await pause(50);
    const answered = await kit.ctiAs('agent1', CTI.answer);
    expect(answered.statusCode, answered.body).toBe(200);
    const connected = await boardUntil((s) => s.answered === before.answered + 1);
    expect(connected.service_level).toBe(1);
    // The caller who abandoned before did so within 20 s: that counts for the second definition too.
    expect(connected.service_level_with_abandoned).toBe(1);
    expect(connected.agents.find((a) => a.extension === '1001')).toMatchObject({ state: 'on_call' });
    await kit.farHangup(uniqueid);
    const done = await boardUntil((s) => s.agents.find((a) => a.extension === '1001')?.state === 'available');
    expect(done.avg_talk_s).not.toBeNull();
  });

  it('an unknown queue is 404, and another company never sees these calls', async () => {
    expect((await kit.call('manager', '/queue/status', { queue: '599' })).statusCode).toBe(404);
    const acme = await kit.call('acme-manager', '/queue/status', {});
    expect(acme.statusCode).toBe(200);
    for (const queue of acme.json<{ data: QueueStatusRecord[] }>().data) expect(queue.offered).toBe(0);
    expect((await kit.call('acme-manager', '/queue/status', { queue: '500' })).statusCode).toBe(404);
  });

  it('agents without the queue board permission get 403; bad input 422', async () => {
    expect((await kit.call('agent1', '/queue/status', {})).statusCode).toBe(403);
    expect((await kit.call('agent1', '/queue/reset', { queue: '500' })).statusCode).toBe(403);
    expect((await kit.call('manager', '/queue/status', { queue: 'five' })).statusCode).toBe(422);
    expect((await kit.call('manager', '/queue/reset', {})).statusCode).toBe(422);
  });
});

describe('queue/reset', () => {
  it('zeroes the counters from now on and says who reset them; the log keeps every call', async () => {
    await withQueueAway(kit, async () => {
      const uniqueid = await kit.place('01055550126', '500');
      await boardUntil((s) => s.waiting.length === 1);
      await kit.farHangup(uniqueid);
    });
    expect((await board()).offered).toBeGreaterThan(0);
    const response = await kit.call('manager', '/queue/reset', { queue: '500' });
    expect(response.statusCode, response.body).toBe(200);
    const status = response.json<{ data: QueueStatusRecord }>().data;
    expect(status).toMatchObject({ offered: 0, answered: 0, abandoned: 0, service_level: null, reset_by: '김지수' });
    expect(Date.parse(status.reset_at!)).toBeGreaterThan(Date.now() - 10_000);
    const rows = await kit.t.app.db.execute<{ event: string }>(`select event from queue_log where queue = '500' order by id`);
    const events = (rows as unknown as { rows: { event: string }[] }).rows.map((r) => r.event);
    expect(events).toEqual(expect.arrayContaining(['ENTERQUEUE', 'ABANDON', 'CONNECT', 'COMPLETE', 'QUEUERESET']));
  });
});

describe('the queue_status push', () => {
  let socket: ClientSocket;
  let url = '';
  beforeAll(async () => {
    url = await listen(kit.t.app);
  });
  afterEach(() => {
    socket?.disconnect();
  });

  it('a viewer joining gets the board at once, then each change within a second', async () => {
    const { manager } = await tokensFor(kit.t.app, ['manager']);
    socket = await openSocket(url, manager!);
    const received: QueueStatusRecord[] = [];
    socket.on('queue_status', (status: QueueStatusRecord) => received.push(status));
    const ack = await socket.timeout(5_000).emitWithAck('join_queue_board', {});
    expect(ack).toMatchObject({ result: 'success' });
    await pause(100);
    expect(received.map((s) => s.queue)).toContain('500');

    received.length = 0;
    await withQueueAway(kit, async () => {
      const placedAt = Date.now();
      const uniqueid = await kit.place('01055550125', '500');
      while (!received.some((s) => s.waiting.some((w) => w.uniqueid === uniqueid)) && Date.now() - placedAt < 1_000) await pause(20);
      expect(received.some((s) => s.waiting.some((w) => w.uniqueid === uniqueid))).toBe(true);
      await kit.farHangup(uniqueid);
    });
  });

  it('an agent without the permission is refused the room', async () => {
    const { agent1 } = await tokensFor(kit.t.app, ['agent1']);
    socket = await openSocket(url, agent1!);
    expect(await socket.timeout(5_000).emitWithAck('join_queue_board', {})).toMatchObject({ error: true, status: 403 });
  });
});
