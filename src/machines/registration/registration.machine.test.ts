import { createActor, fromCallback, fromPromise } from 'xstate';
import type { CtiLoadResult } from '../../api/cti/cti-types';
import type { AgentStateLoadedEvent } from '../agent-state/agent-state.events';
import type { SocketCommand } from '../phone/socket.logic';
import { registrationMachine } from './registration.machine';

function setupRegistration(load: () => Promise<CtiLoadResult>) {
  const commands: SocketCommand['name'][] = [];
  const socket = createActor(
    fromCallback<SocketCommand>(({ receive }) => {
      receive((command) => {
        expect(command.payload).toEqual({ extensionNumber: '1001' });
        commands.push(command.name);
      });
    }),
  ).start();
  const loaded: number[] = [];
  const agentState = createActor(
    fromCallback<AgentStateLoadedEvent>(({ receive }) => receive((e) => loaded.push(e.status))),
  ).start();
  const loadSpy = vi.fn(load);
  const actor = createActor(
    registrationMachine.provide({ actors: { ctiLoad: fromPromise(() => loadSpy()) } }),
    { input: { extension: '1001', socket, agentState } },
  );
  const count = (name: SocketCommand['name']) => commands.filter((c) => c === name).length;
  return { actor, commands, count, loaded, loadSpy };
}

const status = (exten_status: number, extension = '1001', code = 0) => ({
  type: 'socket.extension_status' as const,
  payload: { extension, exten_status, status: code },
});

describe('registrationMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('registers, joins the room and re-registers exactly every 10 s while 51 (initial + 3 in 35 s)', async () => {
    const { actor, count, commands, loaded } = setupRegistration(async () => ({ status: 21, exten_status: 51 }));
    actor.start();
    actor.send({ type: 'socket.connected' });
    await vi.advanceTimersByTimeAsync(0);

    expect(actor.getSnapshot().matches('registered')).toBe(true);
    expect(commands).toEqual(['register', 'join_extension_room']);
    expect(actor.getSnapshot().context).toMatchObject({ extension: '1001', extenStatus: 51, status: 21 });
    expect(loaded).toEqual([21]);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(count('register')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(count('register')).toBe(2);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(count('register')).toBe(4);
    expect(count('join_extension_room')).toBe(1);
  });

  it('waits for the socket before registering when the load answers first', async () => {
    const { actor, commands } = setupRegistration(async () => ({ status: 0, exten_status: 51 }));
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    expect(commands).toEqual([]);

    actor.send({ type: 'socket.connected' });
    expect(commands).toEqual(['register', 'join_extension_room']);
  });

  it('leaves the room and stops repeating when the load says anything else', async () => {
    const { actor, commands } = setupRegistration(async () => ({ status: 0, exten_status: 4 }));
    actor.start();
    actor.send({ type: 'socket.connected' });
    await vi.advanceTimersByTimeAsync(35_000);
    expect(actor.getSnapshot().matches('notRegistered')).toBe(true);
    expect(commands).toEqual(['leave_extension_room']);
  });

  it('stops repeating when the server reports a non-51 status for this extension, and resumes on 51', async () => {
    const { actor, count } = setupRegistration(async () => ({ status: 0, exten_status: 51 }));
    actor.start();
    actor.send({ type: 'socket.connected' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(count('register')).toBe(2);

    actor.send(status(51, '1002')); // another extension: ignored
    actor.send(status(-1, '1002'));
    expect(actor.getSnapshot().matches('registered')).toBe(true);

    actor.send(status(4));
    expect(actor.getSnapshot().matches('notRegistered')).toBe(true);
    expect(actor.getSnapshot().context.extenStatus).toBe(4);
    expect(count('leave_extension_room')).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(count('register')).toBe(2);

    actor.send(status(51));
    expect(actor.getSnapshot().matches('registered')).toBe(true);
    expect(count('register')).toBe(3);
    expect(count('join_extension_room')).toBe(2);
  });

  it('waits while the socket is down and re-registers at once on reconnect', async () => {
    const { actor, count } = setupRegistration(async () => ({ status: 0, exten_status: 51 }));
    actor.start();
    actor.send({ type: 'socket.connected' });
    await vi.advanceTimersByTimeAsync(5_000);

    actor.send({ type: 'socket.disconnected', reason: 'transport close' });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(count('register')).toBe(1);

    actor.send({ type: 'socket.connected' });
    expect(count('register')).toBe(2);
    expect(count('join_extension_room')).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(count('register')).toBe(3);
  });

  it('keeps the load error and loads again on RETRY', async () => {
    let fail = true;
    const { actor, loadSpy } = setupRegistration(async () => {
      if (fail) throw { status: 503, message: 'PBX down' };
      return { status: 0, exten_status: 51 };
    });
    actor.start();
    actor.send({ type: 'socket.connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('notRegistered')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 503, message: 'PBX down' });
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true);

    fail = false;
    actor.send({ type: 'RETRY' });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadSpy).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().matches('registered')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('fails visibly (not silently) when the CTI load is not provided', async () => {
    const socket = createActor(fromCallback<SocketCommand>(() => undefined)).start();
    const actor = createActor(registrationMachine, { input: { extension: '1001', socket } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('notRegistered')).toBe(true);
    expect(actor.getSnapshot().context.error?.message).toBe('ctiLoad is not provided');
  });
});
