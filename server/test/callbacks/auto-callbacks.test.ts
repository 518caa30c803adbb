import { eq } from 'drizzle-orm';
import type { Callback } from '../../../src/api/contracts/callback.contract';
import { callbacks } from '../../src/db/schema';
import { AutoCallbackRunner } from '../../src/services/callbacks/auto-callback-runner';
import type { SimulatorSnapshot } from '../../src/telephony/driver';
import { CTI, pause, startCallKit, type CallKit } from '../calls/call-test-kit';
import { cti, joinAndRegister, listen, openSocket, recordEvents, tokensFor, type ClientSocket } from '../cti/cti-helpers';

/**
 * Automatic callbacks of callback groups (docs/calls.md "Automatic callbacks"): a caller the routing
 * sends to a callback group is called back by the system after the group's delay, through a free
 * member's phone; failed tries repeat up to the group's limit; a callback handled by hand is left
 * alone; two runners never take the same try.
 */

let kit: CallKit;
let tokens: Record<string, string>;
let agent1Socket: ClientSocket;
let agent1Events: ReturnType<typeof recordEvents>;

beforeAll(async () => {
  kit = await startCallKit();
  tokens = await tokensFor(kit.t.app, ['manager', 'agent1']);
  // agent1's phone: it hears its own calls and which callback a try is.
  agent1Socket = await openSocket(await listen(kit.t.app), tokens.agent1 ?? '');
  agent1Events = recordEvents(agent1Socket);
  expect(await joinAndRegister(agent1Socket, '1001')).toMatchObject({ exten_status: 51 });
  const store = async (path: string, body: Record<string, unknown>) => {
    const response = await kit.call('manager', `/${path}/store`, body);
    expect(response.statusCode, response.body).toBe(200);
  };
  // 1001 is agent1's extension, 1002 agent2's (both signed in to the PBX by the kit).
  await store('callback-group', { number: '820', name: 'Agent one calls back', members: ['1001'], callback_delay_s: 1, max_attempts: 3 });
  await store('callback-group', { number: '830', name: 'Agent two calls back', members: ['1002'], callback_delay_s: 1, max_attempts: 2 });
  await store('inbound-number', { number: '0215880820', name: 'Call me back', destination: { type: 'callback_group', target: '820' } });
  await store('inbound-number', { number: '0215880830', name: 'Call me back too', destination: { type: 'callback_group', target: '830' } });
  const applied = await kit.call('manager', '/routing/apply', {});
  expect(applied.statusCode, applied.body).toBe(200);
});
afterAll(async () => {
  agent1Socket?.close();
  await kit?.close();
});

async function leaveRequest(from: string, to: string): Promise<void> {
  const response = await cti(kit.t.app, '/simulator/calls', { method: 'POST', token: tokens.manager, body: { from, to } });
  expect(response.json(), response.body).toMatchObject({ routed: { type: 'callback_group' } });
}

async function callbackOf(number: string): Promise<Callback> {
  const list = (await kit.call('manager', '/callback/list', { search: number })).json<{ data: Callback[] }>().data;
  expect(list).toHaveLength(1);
  return list[0]!;
}

async function pbxCalls(): Promise<SimulatorSnapshot['calls']> {
  return (await cti(kit.t.app, '/simulator/state', { token: tokens.manager })).json<SimulatorSnapshot>().calls;
}

/** Polls `probe` until it gives something (the runner polls every second; the simulator's far side answers after 3 s). */
async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

describe('automatic callbacks', () => {
  beforeEach(async () => {
    // The simulator logs out an extension 35 s after its last register: keep agent1's phone alive.
    expect(await joinAndRegister(agent1Socket, '1001')).toMatchObject({ exten_status: 51 });
  });

  it('calls the caller back through a free member after the delay; the answered call puts the callback in progress for that agent', async () => {
    const caller = '01055558201';
    const before = Date.now();
    await leaveRequest(caller, '0215880820');
    const left = await callbackOf(caller);
    expect(left).toMatchObject({ status: 'open', auto_state: 'scheduled', auto_attempts: 0, queue: '820' });
    // Not before the group's delay (1 s).
    expect(Date.parse(left.next_attempt_at!)).toBeGreaterThanOrEqual(before + 900);

    // The member's phone places the call to the caller (click-to-call), counted as the first try.
    const call = await waitFor('the try to ring 1001', async () => (await pbxCalls()).find((c) => c.caller.number === '1001' && c.destination === caller));
    expect(Date.now() - before).toBeGreaterThanOrEqual(900);
    const calling = await callbackOf(caller);
    expect(calling).toMatchObject({ status: 'open', auto_state: 'calling', auto_attempts: 1 });
    // The agent's phone hears the call and is told which callback it is (its outbound pop-up's strip).
    await agent1Events.waitFor('call_state', { uniqueid: call.uniqueid, state: 'ringing', number: caller });
    expect(await agent1Events.waitFor('callback_call', { uniqueid: call.uniqueid })).toEqual({
      extension: '1001',
      uniqueid: call.uniqueid,
      callback_id: calling.id,
      phone_number: caller,
    });

    // The simulated caller answers: the callback is agent1's, in progress, and the tries are over.
    const taken = await waitFor('the callback in progress', async () => {
      const callback = await callbackOf(caller);
      return callback.status === 'in_progress' ? callback : null;
    });
    const agent1 = (await kit.call('manager', '/users/index', { search: 'agent1' })).json<{ data: { id: number }[] }>().data[0]!;
    expect(taken).toMatchObject({ auto_state: 'connected', auto_attempts: 1, assigned_user_id: agent1.id, next_attempt_at: null });
    // The agent hangs up and marks it done as for any callback.
    expect((await kit.ctiAs('agent1', CTI.hangup)).statusCode).toBe(200);
    expect((await kit.call('agent1', '/callback/status', { id: taken.id, status: 'done' })).statusCode).toBe(200);
    expect((await pbxCalls()).some((c) => c.uniqueid === call.uniqueid)).toBe(false);
  }, 30_000);

  it('tries again after the delay when the try reaches nobody (the agent hangs up before the caller answers)', async () => {
    const caller = '01055558203';
    await leaveRequest(caller, '0215880820');
    const first = await waitFor('the first try', async () => (await pbxCalls()).find((c) => c.caller.number === '1001' && c.destination === caller));
    // Before the simulated caller answers (3 s): the call ends unanswered, as the call log says.
    expect((await kit.ctiAs('agent1', CTI.hangup)).statusCode).toBe(200);
    const rescheduled = await waitFor('the next try scheduled', async () => {
      const callback = await callbackOf(caller);
      return callback.auto_state === 'scheduled' && callback.auto_attempts === 1 ? callback : null;
    });
    expect(rescheduled.status).toBe('open');
    const second = await waitFor('the second try', async () => (await pbxCalls()).find((c) => c.caller.number === '1001' && c.destination === caller));
    expect(second.uniqueid).not.toBe(first.uniqueid);
    expect(await callbackOf(caller)).toMatchObject({ auto_state: 'calling', auto_attempts: 2 });
    // Closed by hand while it rings: no further try, whatever this call does.
    expect((await kit.call('manager', '/callback/status', { id: rescheduled.id, status: 'done' })).statusCode).toBe(200);
    expect((await kit.ctiAs('agent1', CTI.hangup)).statusCode).toBe(200);
    await pause(2_500);
    const done = (await kit.call('manager', '/callback/list', { search: caller, status: 'done' })).json<{ data: Callback[] }>().data;
    expect(done).toEqual([expect.objectContaining({ auto_state: 'stopped', auto_attempts: 2 })]);
    expect((await pbxCalls()).some((c) => c.destination === caller)).toBe(false);
  }, 30_000);

  it('tries again after the delay while nobody is free, and stops after max_attempts with the callback still open', async () => {
    const caller = '01055558301';
    expect((await kit.ctiAs('agent2', CTI.dndOn, { option: '21' })).statusCode).toBe(200);
    try {
      await leaveRequest(caller, '0215880830');
      const exhausted = await waitFor('the tries to run out', async () => {
        const callback = await callbackOf(caller);
        return callback.auto_state === 'exhausted' ? callback : null;
      });
      expect(exhausted).toMatchObject({ status: 'open', auto_attempts: 2, next_attempt_at: null });
      expect((await pbxCalls()).some((c) => c.destination === caller)).toBe(false);
      // No third try, even once the member is free again.
      expect((await kit.ctiAs('agent2', CTI.dndOff)).statusCode).toBe(200);
      await pause(2_500);
      expect(await callbackOf(caller)).toMatchObject({ status: 'open', auto_state: 'exhausted', auto_attempts: 2 });
      expect((await pbxCalls()).some((c) => c.destination === caller)).toBe(false);
    } finally {
      await kit.ctiAs('agent2', CTI.dndOff);
    }
  }, 30_000);

  it('does not call back a callback closed by hand meanwhile', async () => {
    const caller = '01055558302';
    expect((await kit.ctiAs('agent2', CTI.dndOn, { option: '21' })).statusCode).toBe(200);
    try {
      await leaveRequest(caller, '0215880830');
      // The first try finds nobody free and schedules the second.
      const waiting = await waitFor('the first failed try', async () => {
        const callback = await callbackOf(caller);
        return callback.auto_attempts === 1 && callback.auto_state === 'scheduled' ? callback : null;
      });
      expect((await kit.call('manager', '/callback/status', { id: waiting.id, status: 'cancelled' })).statusCode).toBe(200);
      expect((await kit.ctiAs('agent2', CTI.dndOff)).statusCode).toBe(200);
      await pause(2_500);
      const list = (await kit.call('manager', '/callback/list', { search: caller, status: 'cancelled' })).json<{ data: Callback[] }>().data;
      expect(list).toEqual([expect.objectContaining({ auto_state: 'stopped', auto_attempts: 1, next_attempt_at: null })]);
      expect((await pbxCalls()).some((c) => c.destination === caller)).toBe(false);
    } finally {
      await kit.ctiAs('agent2', CTI.dndOff);
    }
  }, 30_000);

  it('gives a due try to one runner only when two poll the same database at once', async () => {
    // The app's own runner stops, so only the two below poll.
    await kit.t.app.autoCallbacks.close();
    const caller = '01055558202';
    await leaveRequest(caller, '0215880820');
    const { id } = await callbackOf(caller);
    await kit.t.app.db.update(callbacks).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(callbacks.id, id));

    const dialled: string[] = [];
    const telephony = {
      command: async (_companyId: number, name: string, ext: string, number?: string) => {
        if (name === 'load') return { exten_status: 51, status: 0 };
        dialled.push(`${ext}→${number}`);
        return { uniqueid: `test.${dialled.length}` };
      },
    } as unknown as ConstructorParameters<typeof AutoCallbackRunner>[0]['telephony'];
    const runners = [0, 1].map(() => new AutoCallbackRunner({ db: kit.t.app.db, telephony, onError: (error) => { throw error; } }));
    await Promise.all(runners.map((runner) => runner.tick()));
    await Promise.all(runners.map((runner) => runner.tick()));
    expect(dialled).toEqual([`1001→${caller}`]);
    expect(await callbackOf(caller)).toMatchObject({ auto_state: 'calling', auto_attempts: 1 });
    await Promise.all(runners.map((runner) => runner.close()));
  });
});
