import { createActor, fromPromise } from 'xstate';
import type { CtiForwardingResult, DndOption } from '../../api/cti/cti-types';
import { agentStateMachine } from './agent-state.machine';

interface Fakes {
  dndOn?: (option: DndOption) => Promise<unknown>;
  dndOff?: () => Promise<unknown>;
  check?: () => Promise<CtiForwardingResult>;
  setForwarding?: (number: string) => Promise<unknown>;
  removeForwarding?: () => Promise<unknown>;
}

function start(fakes: Fakes = {}) {
  const calls: string[] = [];
  const ok = async () => ({ result: 'success' });
  const machine = agentStateMachine.provide({
    actors: {
      dndOn: fromPromise(({ input }: { input: { option: DndOption } }) => {
        calls.push(`dndOn(${input.option})`);
        return (fakes.dndOn ?? ok)(input.option);
      }),
      dndOff: fromPromise(() => {
        calls.push('dndOff');
        return (fakes.dndOff ?? ok)();
      }),
      checkForwarding: fromPromise(() => {
        calls.push('checkTransfer');
        return (fakes.check ?? (async () => ({ transfer: false, number: null })))();
      }),
      setForwarding: fromPromise(({ input }: { input: { number: string } }) => {
        calls.push(`transfer(${input.number})`);
        return (fakes.setForwarding ?? ok)(input.number);
      }),
      removeForwarding: fromPromise(() => {
        calls.push('unTransfer');
        return (fakes.removeForwarding ?? ok)();
      }),
    },
  });
  const actor = createActor(machine, { input: { extension: '1001' } }).start();
  const status = () => (actor.getSnapshot().value as { status: unknown }).status;
  return { actor, calls, status };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('agentStateMachine: status with confirmation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['rest', 11, 'rest'],
    ['lunch', 21, 'lunch'],
    ['after', 31, 'afterCall'],
  ] as const)('REQUEST %s → confirming → CONFIRM → dndOn(%i) → %s', async (state, option, target) => {
    const { actor, calls, status } = start();
    actor.send({ type: 'REQUEST', state });
    expect(status()).toBe('confirming');
    expect(actor.getSnapshot().context.pending).toEqual({ state, action: 'enable' });
    expect(calls).toEqual(['checkTransfer']);

    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(calls).toContain(`dndOn(${option})`);
    expect(status()).toBe(target);
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it('REQUEST for the current state asks to disable it, and CONFIRM calls dndOff', async () => {
    const { actor, calls, status } = start();
    actor.send({ type: 'REQUEST', state: 'lunch' });
    actor.send({ type: 'CONFIRM' });
    await flush();
    actor.send({ type: 'REQUEST', state: 'lunch' });
    expect(actor.getSnapshot().context.pending).toEqual({ state: 'lunch', action: 'disable' });
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(calls.at(-1)).toBe('dndOff');
    expect(status()).toBe('available');
  });

  it('CANCEL goes back to where the agent was, without any request', async () => {
    const { actor, calls, status } = start();
    actor.send({ type: 'LOADED', status: 11 });
    actor.send({ type: 'REQUEST', state: 'lunch' });
    expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(status()).toBe('rest');
    expect(calls).toEqual(['checkTransfer']);
    expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(false);
  });

  it('a failed request goes back with the error in context', async () => {
    const { actor, status } = start({ dndOn: async () => Promise.reject({ status: 500, message: 'PBX error' }) });
    actor.send({ type: 'REQUEST', state: 'rest' });
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(status()).toBe('available');
    expect(actor.getSnapshot().context.error).toEqual({ request: 'status', status: 500, message: 'PBX error' });
    actor.send({ type: 'DISMISS_ERROR' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores REQUEST while a change is being confirmed or applied', async () => {
    let resolve: () => void = () => undefined;
    const { actor, status } = start({ dndOn: () => new Promise<void>((r) => (resolve = r)) });
    actor.send({ type: 'REQUEST', state: 'rest' });
    expect(actor.getSnapshot().can({ type: 'REQUEST', state: 'lunch' })).toBe(false);
    actor.send({ type: 'CONFIRM' });
    expect(status()).toEqual({ applying: 'enabling' });
    actor.send({ type: 'LOADED', status: 21 }); // a racing push must not win over our own request
    resolve();
    await flush();
    expect(status()).toBe('rest');
  });
});

describe('agentStateMachine: CTI load and server sync', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // Section 4's table (11 / 21 / 31, else available), plus the server's on-a-call codes 12 / 22 / 32,
  // which keep the state, and busy / ringing / logged out, which say nothing about it (stays lunch here).
  it.each([
    [11, 'rest'],
    [21, 'lunch'],
    [31, 'afterCall'],
    [0, 'available'],
    [51, 'available'],
    [12, 'rest'],
    [22, 'lunch'],
    [32, 'afterCall'],
    [1, 'lunch'],
    [8, 'lunch'],
    [4, 'lunch'],
    [2, 'available'],
  ])('LOADED status %i → %s', (code, state) => {
    const { actor, status } = start();
    actor.send({ type: 'LOADED', status: 21 });
    actor.send({ type: 'LOADED', status: code });
    expect(status()).toBe(state);
  });

  it('follows extension_status of its own extension only', () => {
    const { actor, status } = start();
    const push = (extension: string, code: number) =>
      actor.send({ type: 'socket.extension_status', payload: { extension, exten_status: 51, status: code } });
    push('1002', 11);
    expect(status()).toBe('available');
    push('1001', 31);
    expect(status()).toBe('afterCall');
  });

  it('the server\'s DND status (2) turns the DND region on, any other presence turns it off', () => {
    const { actor } = start();
    const push = (code: number) =>
      actor.send({ type: 'socket.extension_status', payload: { extension: '1001', exten_status: 51, status: code } });
    push(2);
    expect(actor.getSnapshot().matches({ dnd: 'on', status: 'available' })).toBe(true);
    push(1); // busy: says nothing about DND
    expect(actor.getSnapshot().matches({ dnd: 'on' })).toBe(true);
    push(11);
    expect(actor.getSnapshot().matches({ dnd: 'off', status: 'rest' })).toBe(true);
  });

  it('a push while confirming changes where CANCEL returns to', () => {
    const { actor, status } = start();
    actor.send({ type: 'REQUEST', state: 'rest' });
    actor.send({ type: 'socket.extension_status', payload: { extension: '1001', exten_status: 51, status: 21 } });
    expect(status()).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(status()).toBe('lunch');
  });
});

describe('agentStateMachine: DND and call forwarding', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('DND turns on with option 1 and off with dndOff, independent of the status', async () => {
    const { actor, calls, status } = start();
    actor.send({ type: 'LOADED', status: 11 });
    actor.send({ type: 'DND_ON' });
    await flush();
    expect(actor.getSnapshot().matches({ dnd: 'on' })).toBe(true);
    expect(calls).toContain('dndOn(1)');
    expect(status()).toBe('rest');
    actor.send({ type: 'DND_OFF' });
    await flush();
    expect(actor.getSnapshot().matches({ dnd: 'off' })).toBe(true);
  });

  it('a failed DND request stays where it was with the error', async () => {
    const { actor } = start({ dndOn: () => Promise.reject(new Error('offline')) });
    actor.send({ type: 'DND_ON' });
    await flush();
    expect(actor.getSnapshot().matches({ dnd: 'off' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ request: 'dnd', status: null, message: 'offline' });
  });

  it('checks forwarding at start, then sets, removes and re-checks it', async () => {
    let server: CtiForwardingResult = { transfer: true, number: '01099998888' };
    const { actor, calls } = start({ check: async () => server });
    await flush();
    expect(actor.getSnapshot().matches({ forwarding: 'on' })).toBe(true);
    expect(actor.getSnapshot().context.forwardNumber).toBe('01099998888');

    actor.send({ type: 'FORWARD_REMOVE' });
    await flush();
    expect(actor.getSnapshot().matches({ forwarding: 'off' })).toBe(true);
    expect(actor.getSnapshot().context.forwardNumber).toBeNull();

    expect(actor.getSnapshot().can({ type: 'FORWARD_SET', number: '  ' })).toBe(false);
    actor.send({ type: 'FORWARD_SET', number: ' 1002 ' });
    await flush();
    expect(actor.getSnapshot().matches({ forwarding: 'on' })).toBe(true);
    expect(actor.getSnapshot().context.forwardNumber).toBe('1002');

    server = { transfer: false, number: null };
    actor.send({ type: 'FORWARD_CHECK' });
    await flush();
    expect(actor.getSnapshot().matches({ forwarding: 'off' })).toBe(true);
    expect(calls).toEqual(['checkTransfer', 'unTransfer', 'transfer(1002)', 'checkTransfer']);
  });

  it('an unknown forwarding state (failed check) can be checked again; a failed set re-checks', async () => {
    let failCheck = true;
    const { actor, calls } = start({
      check: async () => {
        if (failCheck) throw { status: 502, message: 'bad gateway' };
        return { transfer: false, number: null };
      },
      setForwarding: () => Promise.reject({ status: 422, message: 'invalid number' }),
    });
    await flush();
    expect(actor.getSnapshot().matches({ forwarding: 'unknown' })).toBe(true);
    expect(actor.getSnapshot().context.error?.request).toBe('forwarding');

    failCheck = false;
    actor.send({ type: 'FORWARD_SET', number: '1002' });
    await flush();
    expect(actor.getSnapshot().matches({ forwarding: 'off' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ request: 'forwarding', status: 422, message: 'invalid number' });
    expect(calls).toEqual(['checkTransfer', 'transfer(1002)', 'checkTransfer']);
  });

  it('fails visibly when the CTI requests are not provided', async () => {
    const actor = createActor(agentStateMachine, { input: { extension: '1001' } }).start();
    await flush();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().matches({ forwarding: 'unknown' })).toBe(true);
    expect(actor.getSnapshot().context.error?.message).toBe('checkForwarding is not provided');
  });
});
