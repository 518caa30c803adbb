import type { QueueStatusRecord } from '../../../src/api/contracts/queue-status.contract';
import { cti, tokensFor } from '../cti/cti-helpers';
import { CTI, pause, startCallKit, type CallKit } from '../calls/call-test-kit';

/**
 * The queue entity (docs/queues.md "Queues"): the demo queue as the migration left it, a queue made
 * through `queue/store` ringing its members at once by its strategy and penalties, on the board with
 * its own service-level threshold, and its number kept apart from the other routing numbers.
 */

let kit: CallKit;
let managerToken: string;

beforeAll(async () => {
  kit = await startCallKit();
  managerToken = (await tokensFor(kit.t.app, ['manager'])).manager!;
});
afterAll(async () => {
  await kit?.close();
});

interface SimulatorState {
  calls: { uniqueid: string; state: string; ringing: string[] }[];
}

async function pbxCall(uniqueid: string) {
  const response = await cti(kit.t.app, '/simulator/state', { token: managerToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SimulatorState>().calls.find((c) => c.uniqueid === uniqueid);
}

async function boardOf(queue: string): Promise<QueueStatusRecord> {
  await kit.t.app.queues.recorder.flushed();
  const response = await kit.call('manager', '/queue/status', { queue });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: QueueStatusRecord[] }>().data[0]!;
}

const errorsOf = (body: string) => (JSON.parse(body) as { errors: Record<string, string[]> }).errors;

it('demo queue 500 keeps its members, in order, with no penalty, ringing all', async () => {
  const response = await kit.call('manager', '/queue/list', {});
  expect(response.statusCode, response.body).toBe(200);
  const queue = response.json<{ data: Record<string, unknown>[] }>().data.find((q) => q.number === '500');
  expect(queue).toMatchObject({
    name: 'Customer Service',
    strategy: 'ringall',
    members: [
      { extension: '1001', penalty: 0 },
      { extension: '1002', penalty: 0 },
    ],
    enabled: true,
    service_level_s: null,
  });
});

it('a queue made through queue/store rings its lowest-penalty member at once and shows on the board with its threshold', async () => {
  const stored = await kit.call('manager', '/queue/store', {
    number: '510',
    name: 'Sales',
    strategy: 'linear',
    members: [
      { extension: '1001', penalty: 1 },
      { extension: '1002', penalty: 0 },
    ],
    service_level_s: 30,
    max_wait_s: 120,
    overflow_destination: { type: 'extension', target: '1003' },
  });
  expect(stored.statusCode, stored.body).toBe(200);

  const uniqueid = await kit.place('01055550510', '510');
  await pause(50);
  expect(await pbxCall(uniqueid)).toMatchObject({ state: 'ringing', ringing: ['1002'] });

  const waiting = await boardOf('510');
  expect(waiting).toMatchObject({ queue: '510', name: 'Sales', service_level_s: 30, offered: 1 });
  expect(waiting.agents.map((a) => a.extension)).toEqual(['1001', '1002']);

  const answered = await kit.ctiAs('agent2', CTI.answer);
  expect(answered.statusCode, answered.body).toBe(200);
  let board = await boardOf('510');
  for (let i = 0; i < 40 && board.answered === 0; i += 1) {
    await pause(50);
    board = await boardOf('510');
  }
  expect(board).toMatchObject({ answered: 1, service_level: 1 });
  await kit.farHangup(uniqueid);

  // The user info lists the company's queues with whether each is enabled.
  const info = await kit.call('manager', '/users/check-user', {});
  expect(info.statusCode, info.body).toBe(200);
  expect(info.json<{ companyQueueStatuses: { queue: string; enabled: boolean }[] }>().companyQueueStatuses).toEqual([
    { queue: '500', enabled: true },
    { queue: '510', enabled: true },
  ]);
});

it('a caller who waits longer than the maximum wait leaves for the overflow and counts as timed out on the board', async () => {
  // 1003's user is not signed in to the PBX: nobody can take the call.
  const stored = await kit.call('manager', '/queue/store', { number: '540', name: 'Night', members: [{ extension: '1003', penalty: 0 }], max_wait_s: 1 });
  expect(stored.statusCode, stored.body).toBe(200);
  const uniqueid = await kit.place('01055550540', '540');
  await pause(50);
  expect(await pbxCall(uniqueid)).toMatchObject({ state: 'queued' });
  let board = await boardOf('540');
  for (let i = 0; i < 60 && board.timed_out === 0; i += 1) {
    await pause(50);
    board = await boardOf('540');
  }
  expect(board).toMatchObject({ offered: 1, timed_out: 1, waiting: [] });
  // No overflow destination: the call was hung up.
  expect(await pbxCall(uniqueid)).toBeUndefined();
});

it('keeps queue numbers apart from the other routing numbers and extensions, and checks the overflow', async () => {
  const taken = await kit.call('manager', '/queue/store', { number: '500', name: 'Again' });
  expect(taken.statusCode).toBe(422);
  expect(errorsOf(taken.body).number).toEqual(['A queue with this number already exists.']);

  const extension = await kit.call('manager', '/queue/store', { number: '1001', name: 'Agent one' });
  expect(extension.statusCode).toBe(422);
  expect(errorsOf(extension.body).number).toEqual(["This number is already a user's extension."]);

  const ringGroup = await kit.call('manager', '/ring-group/store', { number: '500', display_name: 'Clash' });
  expect(ringGroup.statusCode).toBe(422);
  expect(errorsOf(ringGroup.body).number).toEqual(["This number is already a queue's."]);

  const overflow = await kit.call('manager', '/queue/store', { number: '520', name: 'Nowhere', overflow_destination: { type: 'queue', target: '599' } });
  expect(overflow.statusCode).toBe(422);
  expect(errorsOf(overflow.body)['overflow_destination.target']).toEqual(['Your company has no queue with this number.']);

  const members = await kit.call('manager', '/queue/store', {
    number: '521',
    name: 'Odd members',
    members: [
      { extension: '1001', penalty: 0 },
      { extension: '1001', penalty: 1 },
      { extension: '1999', penalty: 0 },
    ],
  });
  expect(members.statusCode).toBe(422);
  expect(errorsOf(members.body)).toMatchObject({
    'members.1.extension': ['This extension is already a member of this queue.'],
    'members.2.extension': ['No user of your company has this extension.'],
  });

  const blank = await kit.call('manager', '/queue/store', { number: '', name: '' });
  expect(blank.statusCode).toBe(422);
  expect(JSON.stringify(errorsOf(blank.body))).toContain('Please enter the queue number and name.');
});

it('agents cannot configure queues', async () => {
  const response = await kit.call('agent1', '/queue/store', { number: '530', name: 'Mine' });
  expect(response.statusCode).toBe(403);
});
