import type { QueueStatusRecord } from '../../../src/api/contracts/queue-status.contract';
import { listen, openSocket, tokensFor, type ClientSocket } from '../cti/cti-helpers';
import { pause, startCallKit, type CallKit } from '../calls/call-test-kit';

/**
 * `queue/label` (docs/queues.md "Board label and colours"): a queue's board label and colour thresholds
 * saved on the queue, carried by `queue/status` and pushed to every viewer at once, kept when the queue
 * is saved from its configuration screen; per-field messages; another company's queue and agents
 * without the board refused.
 */

let kit: CallKit;
let queueId = 0;

beforeAll(async () => {
  kit = await startCallKit();
  const list = await kit.call('manager', '/queue/list', {});
  queueId = list.json<{ data: { id: number; number: string }[] }>().data.find((q) => q.number === '500')!.id;
});
afterAll(async () => {
  await kit?.close();
});

async function board(queue = '500'): Promise<QueueStatusRecord> {
  const response = await kit.call('manager', '/queue/status', { queue });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: QueueStatusRecord[] }>().data[0]!;
}

const errorsOf = (body: string) => (JSON.parse(body) as { errors: Record<string, string[]> }).errors;

describe('queue/label', () => {
  it('saves the label and thresholds: the answer and queue/status carry them, with the record id', async () => {
    expect(await board()).toMatchObject({ id: queueId, label: null, wait_warning_s: null, wait_danger_s: null });
    const response = await kit.call('manager', '/queue/label', { id: queueId, label: '  CS  ', wait_warning_s: 15, wait_danger_s: 40 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: QueueStatusRecord }>().data).toMatchObject({ id: queueId, queue: '500', name: 'Customer Service', label: 'CS', wait_warning_s: 15, wait_danger_s: 40 });
    expect(await board()).toMatchObject({ label: 'CS', name: 'Customer Service', wait_warning_s: 15, wait_danger_s: 40, service_level_s: 20 });
  });

  it('is pushed to every viewer of the board at once', async () => {
    const url = await listen(kit.t.app);
    const { manager } = await tokensFor(kit.t.app, ['manager']);
    const socket: ClientSocket = await openSocket(url, manager!);
    try {
      const received: QueueStatusRecord[] = [];
      socket.on('queue_status', (status: QueueStatusRecord) => received.push(status));
      expect(await socket.timeout(5_000).emitWithAck('join_queue_board', {})).toMatchObject({ result: 'success' });
      await pause(100);
      received.length = 0;
      const saved = await kit.call('manager', '/queue/label', { id: queueId, label: 'Front desk', wait_warning_s: '10', wait_danger_s: '' });
      expect(saved.statusCode, saved.body).toBe(200);
      const started = Date.now();
      while (!received.some((s) => s.queue === '500' && s.label === 'Front desk') && Date.now() - started < 1_000) await pause(20);
      expect(received.find((s) => s.queue === '500' && s.label === 'Front desk')).toMatchObject({ wait_warning_s: 10, wait_danger_s: null });
    } finally {
      socket.disconnect();
    }
  });

  it('blank label and thresholds go back to the name and the rule from the service level', async () => {
    const response = await kit.call('manager', '/queue/label', { id: queueId, label: '   ', wait_warning_s: null, wait_danger_s: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await board()).toMatchObject({ label: null, wait_warning_s: null, wait_danger_s: null });
  });

  it('says what is wrong under each field', async () => {
    const long = await kit.call('manager', '/queue/label', { id: queueId, label: 'x'.repeat(31), wait_warning_s: null, wait_danger_s: null });
    expect(long.statusCode).toBe(422);
    expect(errorsOf(long.body).label).toEqual(['The label can be at most 30 characters.']);

    const order = await kit.call('manager', '/queue/label', { id: queueId, label: 'CS', wait_warning_s: 30, wait_danger_s: 30 });
    expect(order.statusCode).toBe(422);
    expect(errorsOf(order.body).wait_warning_s).toEqual(['Amber must start before red: enter fewer seconds than for red.']);

    const bad = await kit.call('manager', '/queue/label', { id: queueId, label: 'CS', wait_warning_s: 'soon', wait_danger_s: 0 });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad.body)).toMatchObject({
      wait_warning_s: ['Please enter whole seconds from 1 to 86400, or leave it blank.'],
      wait_danger_s: ['Please enter whole seconds from 1 to 86400, or leave it blank.'],
    });
    // Nothing was saved by the refused requests.
    expect((await board()).label).toBeNull();
  });

  it("refuses another company's queue and a missing one as not found, and leaves it as it was", async () => {
    await kit.call('manager', '/queue/label', { id: queueId, label: 'Ours', wait_warning_s: null, wait_danger_s: null });
    const foreign = await kit.call('acme-manager', '/queue/label', { id: queueId, label: 'Taken', wait_warning_s: null, wait_danger_s: null });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: expect.any(String) });
    expect((await kit.call('manager', '/queue/label', { id: 999_999, label: 'None', wait_warning_s: null, wait_danger_s: null })).statusCode).toBe(404);
    expect((await board()).label).toBe('Ours');
  });

  it('refuses an agent without the queue board permission; an agent with it may', async () => {
    const refused = await kit.call('agent1', '/queue/label', { id: queueId, label: 'Agent', wait_warning_s: null, wait_danger_s: null });
    expect(refused.statusCode).toBe(403);
    const agent2 = kit.call.userInfoOf('agent2').user.id;
    const granted = await kit.call('manager', '/users/update-permission', { id: agent2, permissions: ['queues'] });
    expect(granted.statusCode, granted.body).toBe(200);
    const allowed = await kit.call('agent2', '/queue/label', { id: queueId, label: 'By agent2', wait_warning_s: 5, wait_danger_s: 9 });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await board()).toMatchObject({ label: 'By agent2', wait_warning_s: 5, wait_danger_s: 9 });
  });

  it('the queue configuration screen shows them and its save keeps them', async () => {
    await kit.call('manager', '/queue/label', { id: queueId, label: 'Kept', wait_warning_s: 12, wait_danger_s: 24 });
    const view = await kit.call('manager', '/queue/view', { id: queueId });
    expect(view.statusCode, view.body).toBe(200);
    const record = view.json<{ data: Record<string, unknown> }>().data;
    expect(record).toMatchObject({ board_label: 'Kept', wait_warning_s: 12, wait_danger_s: 24 });
    // The form sends what it edits (the board's fields are not among them), even with them added.
    const { board_label: _l, wait_warning_s: _w, wait_danger_s: _d, created_at: _c, updated_at: _u, ...form } = record;
    const updated = await kit.call('manager', '/queue/update', { ...form, name: 'Customer Care' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await board()).toMatchObject({ name: 'Customer Care', label: 'Kept', wait_warning_s: 12, wait_danger_s: 24 });
    const withThem = await kit.call('manager', '/queue/update', { ...form, name: 'Customer Service', board_label: 'Wiped?', wait_warning_s: null, wait_danger_s: null });
    expect(withThem.statusCode, withThem.body).toBe(200);
    expect(await board()).toMatchObject({ name: 'Customer Service', label: 'Kept', wait_warning_s: 12, wait_danger_s: 24 });
  });
});
