import { createActor } from 'xstate';
import type { CallStatePayload, InboundCallPayload } from '../../api/realtime/socket-events';
import type { OpenPopupRequest } from '../call/call.types';
import { FakeConnection } from './fake-connection';
import { ENDED_CALL_LINGER_MS } from './phone.machine';
import type { PhoneSummary } from './phone.selectors';
import { fakeCti } from './fake-cti';
import { providePhone } from './provide-phone';

function startPhone(options: { listen?: boolean; memberCount?: number; cti?: ReturnType<typeof fakeCti> } = {}) {
  const connection = new FakeConnection();
  const { cti, log } = options.cti ?? fakeCti();
  const published: PhoneSummary[] = [];
  const popups: OpenPopupRequest[] = [];
  const machine = providePhone({
    cti,
    connect: () => connection,
    lookupMembers: async () => ({ memberCount: options.memberCount ?? 1 }),
    openPopup: (request) => {
      popups.push(request);
      return request.mode;
    },
    publish: (summary) => published.push(summary),
    permissions: { listen: options.listen ?? false, whisper: options.listen ?? false },
  });
  const phone = createActor(machine, { input: { extension: '1001', popupMode: 'dialog' } });
  phone.start();
  const callIds = () => Object.keys(phone.getSnapshot().context.calls);
  const call = (callId: string) => phone.getSnapshot().context.calls[callId]?.getSnapshot();
  return { phone, connection, log, published, popups, callIds, call };
}

const ring = (uniqueid: string, phone_no = '01055550001'): InboundCallPayload => ({
  phone_no,
  ext_no: '1001',
  ring_gr: '600',
  uniqueid,
  chanel: `SIP/1001-${uniqueid}`,
  ivr_number: '',
  recordingfile: `${uniqueid}.wav`,
  server: 'pbx',
});
const state = (uniqueid: string, s: CallStatePayload['state'], number = '01055550001'): CallStatePayload => ({
  uniqueid,
  state: s,
  extension: '1001',
  number,
});
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('phoneMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects the socket, registers the extension and feeds the CTI load to the agent state', async () => {
    const { phone, connection } = startPhone();
    connection.serverConnect();
    await flush();
    const { registration, agentState } = phone.getSnapshot().context;
    expect(registration.getSnapshot().matches('registered')).toBe(true);
    expect(agentState.getSnapshot().matches({ status: 'rest' })).toBe(true);
    expect(connection.emitted).toEqual([
      { name: 'register', payload: { extensionNumber: '1001' } },
      { name: 'join_extension_room', payload: { extensionNumber: '1001' } },
    ]);
    await vi.advanceTimersByTimeAsync(35_000);
    expect(connection.count('register')).toBe(4);

    connection.serverDisconnect();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(connection.count('register')).toBe(4);
    connection.serverConnect();
    expect(connection.count('register')).toBe(5);
  });

  it('routes extension_status to registration and agent state; RETRY_REGISTRATION loads again', async () => {
    const { phone, connection, log } = startPhone();
    connection.serverConnect();
    await flush();
    connection.serverEmit('extension_status', { extension: '1001', exten_status: '4' as unknown as number, status: 21 });
    const { registration, agentState } = phone.getSnapshot().context;
    expect(registration.getSnapshot().matches('notRegistered')).toBe(true);
    expect(registration.getSnapshot().context.extenStatus).toBe(4);
    expect(agentState.getSnapshot().matches({ status: 'lunch' })).toBe(true);
    expect(connection.count('leave_extension_room')).toBe(1);

    phone.send({ type: 'RETRY_REGISTRATION' });
    await flush();
    expect(log.filter((l) => l === 'load')).toHaveLength(2);
    expect(registration.getSnapshot().matches('registered')).toBe(true);
  });

  it('spawns one call per uniqueid; a repeated uniqueid is forwarded, never spawned twice', async () => {
    const { phone, connection, callIds, popups } = startPhone();
    connection.serverConnect();
    connection.serverEmit('inbound_call', ring('u-1'));
    connection.serverEmit('inbound_call', { ...ring('u-1'), chanel: 'SIP/1001-updated' });
    connection.serverEmit('inbound_call', { ...ring('u-1'), chanel: '' });
    await flush();
    expect(phone.getSnapshot().status).toBe('active');
    expect(callIds()).toEqual(['u-1']);
    expect(phone.system.get('call:u-1')).toBe(phone.getSnapshot().context.calls['u-1']);
    expect(phone.getSnapshot().context.calls['u-1']?.getSnapshot().context.channel).toBe('SIP/1001-updated');
    expect(popups.filter((p) => p.popupId === 'inbound')).toHaveLength(1);
  });

  it('routes call_state to the right call and removes ended calls after a short delay', async () => {
    const { phone, connection, callIds, call } = startPhone();
    connection.serverConnect();
    connection.serverEmit('inbound_call', ring('u-1'));
    connection.serverEmit('inbound_call', ring('u-2', '01055550002'));
    connection.serverEmit('call_state', state('u-2', 'answered'));
    expect(call('u-1')?.matches({ active: { line: 'ringing' } })).toBe(true);
    expect(call('u-2')?.matches({ active: { line: 'answered' } })).toBe(true);

    connection.serverEmit('call_state', state('u-2', 'hangup'));
    expect(call('u-2')?.status).toBe('done');
    expect(callIds()).toEqual(['u-1', 'u-2']);
    await vi.advanceTimersByTimeAsync(ENDED_CALL_LINGER_MS);
    expect(callIds()).toEqual(['u-1']);
    expect(phone.system.get('call:u-2')).toBeUndefined();
    expect(phone.getSnapshot().children['call:u-2']).toBeUndefined();

    // Late or repeated events of an ended call do not bring it back.
    connection.serverEmit('inbound_call', ring('u-2'));
    connection.serverEmit('call_state', state('u-2', 'answered'));
    expect(callIds()).toEqual(['u-1']);
    expect(phone.getSnapshot().status).toBe('active');
  });

  it('after a reconnect, ends the calls it remembers that the server no longer lists (their hang-up came while offline)', async () => {
    const cti = fakeCti({ dial: async () => ({ result: 'success', uniqueid: 'srv-9' }) });
    const { phone, connection, call } = startPhone({ cti });
    connection.serverConnect();
    connection.serverEmit('inbound_call', ring('gone'));
    connection.serverEmit('call_state', state('gone', 'answered'));
    connection.serverEmit('inbound_call', ring('kept', '01055550002'));
    connection.serverEmit('call_state', state('kept', 'held', '01055550002'));
    await vi.advanceTimersByTimeAsync(1_000);

    connection.serverDisconnect();
    await vi.advanceTimersByTimeAsync(5_000);
    connection.serverConnect();
    // A dial placed on the new connection, before the server's list arrives, is not judged by it.
    phone.send({ type: 'DIAL', number: '01055550009' });
    await flush();
    expect(call('out-1')?.context.uniqueid).toBe('srv-9');
    // The join's replay: the list of the calls the PBX still has, then their events.
    connection.serverEmit('live_calls', { extension: '1001', uniqueids: ['kept'], age_ms: { kept: 6_000 } });
    connection.serverEmit('inbound_call', ring('kept', '01055550002'));
    connection.serverEmit('call_state', state('kept', 'held', '01055550002'));

    expect(call('gone')?.status).toBe('done');
    expect(call('gone')?.context.endReason).toBe('remote-hangup');
    expect(call('kept')?.matches({ active: { line: 'held' } })).toBe(true);
    expect(call('out-1')?.status).toBe('active');
    // Another extension's list (a manager's room) says nothing about this phone's calls.
    connection.serverEmit('live_calls', { extension: '1002', uniqueids: [], age_ms: {} });
    expect(call('kept')?.status).toBe('active');
  });

  it('a call rebuilt by the replay after a reload keeps the time it came in, from its age in live_calls', async () => {
    const { connection, call } = startPhone();
    connection.serverConnect();
    const joinedAt = Date.now();
    connection.serverEmit('live_calls', { extension: '1001', uniqueids: ['rang', 'desk'], age_ms: { rang: 95_000, desk: 30_000 } });
    connection.serverEmit('inbound_call', ring('rang'));
    connection.serverEmit('call_state', state('rang', 'answered'));
    connection.serverEmit('call_state', state('desk', 'answered', '01055550003'));
    await flush();
    expect(call('rang')?.context.receivedAt).toBe(joinedAt - 95_000);
    expect(call('rang')?.matches({ active: { line: 'answered' } })).toBe(true);
    expect(call('desk')?.context.receivedAt).toBe(joinedAt - 30_000);
    // A call not in the list (a new one ringing now) came in now.
    await vi.advanceTimersByTimeAsync(2_000);
    connection.serverEmit('inbound_call', ring('fresh', '01055550004'));
    expect(call('fresh')?.context.receivedAt).toBe(joinedAt + 2_000);
  });

  it('DIAL places an outbound call and adopts the uniqueid of its first call_state (dial answer without one)', async () => {
    const { phone, connection, callIds, call, log } = startPhone();
    connection.serverConnect();
    phone.send({ type: 'DIAL', number: '010-5555-0009', method: 'clickToCall' });
    expect(phone.getSnapshot().can({ type: 'DIAL', number: '  ' })).toBe(false);
    await flush();
    expect(log).toContain('clickToCall(01055550009)');
    expect(callIds()).toEqual(['out-1']);
    expect(call('out-1')?.matches({ active: { line: 'ringing' } })).toBe(true);

    connection.serverEmit('call_state', state('srv-77', 'ringing', '01055550009'));
    connection.serverEmit('call_state', state('srv-77', 'answered', '01055550009'));
    expect(callIds()).toEqual(['out-1']);
    expect(call('out-1')?.matches({ active: { line: 'answered' } })).toBe(true);
    expect(phone.getSnapshot().context.aliases).toEqual({ 'srv-77': 'out-1' });
    expect(call('out-1')?.context.uniqueid).toBe('srv-77');

    phone.send({ type: 'CALL_COMMAND', callId: 'out-1', command: { type: 'HANGUP' } });
    await flush();
    expect(log).toContain('hangup');
    await vi.advanceTimersByTimeAsync(ENDED_CALL_LINGER_MS);
    expect(callIds()).toEqual([]);
    expect(phone.getSnapshot().context.aliases).toEqual({});
  });

  it('routes by the uniqueid the dial answer gave, and refuses numbers the CTI server would refuse', async () => {
    const cti = fakeCti({ dial: async () => ({ result: 'success', uniqueid: 'srv-5' }) });
    const { phone, connection, callIds, call } = startPhone({ cti });
    connection.serverConnect();
    expect(phone.getSnapshot().can({ type: 'DIAL', number: '*72#' })).toBe(false);
    phone.send({ type: 'DIAL', number: '1002' });
    await flush();
    expect(call('out-1')?.context.uniqueid).toBe('srv-5');
    connection.serverEmit('call_state', state('srv-5', 'answered', '1002'));
    connection.serverEmit('call_state', state('srv-6', 'ringing', '1002')); // someone else's: not adopted
    expect(callIds()).toEqual(['out-1']);
    expect(call('out-1')?.matches({ active: { line: 'answered' } })).toBe(true);
    expect(phone.getSnapshot().context.aliases).toEqual({});
  });

  it('tracks a call first seen mid-way and ignores a lone ringing or hangup of an unknown call', () => {
    const { connection, callIds, call } = startPhone();
    connection.serverConnect();
    connection.serverEmit('call_state', state('x-1', 'ringing'));
    connection.serverEmit('call_state', state('x-2', 'hangup'));
    expect(callIds()).toEqual([]);
    connection.serverEmit('call_state', state('x-3', 'held'));
    expect(callIds()).toEqual(['x-3']);
    expect(call('x-3')?.matches({ active: { line: 'held' } })).toBe(true);
  });

  it('forwards agent and call commands to the right actor', async () => {
    const { phone, connection, log, call } = startPhone();
    connection.serverConnect();
    connection.serverEmit('inbound_call', ring('u-1'));
    phone.send({ type: 'CALL_COMMAND', callId: 'u-1', command: { type: 'ANSWER' } });
    phone.send({ type: 'CALL_COMMAND', callId: 'nope', command: { type: 'ANSWER' } });
    phone.send({ type: 'AGENT_COMMAND', command: { type: 'DND_ON' } });
    await flush();
    expect(call('u-1')?.matches({ active: { line: 'answered' } })).toBe(true);
    expect(log).toEqual(expect.arrayContaining(['answer', 'dndOn(1)']));
  });

  it('LISTEN and WHISPER only for users allowed to supervise', async () => {
    const denied = startPhone();
    expect(denied.phone.getSnapshot().can({ type: 'LISTEN', target: '1002' })).toBe(false);
    denied.phone.send({ type: 'LISTEN', target: '1002' });
    await flush();
    expect(denied.log).not.toContain('listen(1002)');

    const failingCti = fakeCti({ whisper: () => Promise.reject({ status: 403, message: 'not your company' }) });
    const { phone, log } = startPhone({ listen: true, cti: failingCti });
    phone.send({ type: 'LISTEN', target: ' 1002 ' });
    expect(phone.getSnapshot().matches({ supervision: 'listening' })).toBe(true);
    await flush();
    expect(log).toContain('listen(1002)');
    phone.send({ type: 'WHISPER', target: '1003' });
    await flush();
    expect(phone.getSnapshot().context.error).toEqual({ command: 'whisper', status: 403, message: 'not your company' });
  });

  it('publishes plain-data summaries for pop-ups and follower tabs', async () => {
    const { connection, published } = startPhone({ memberCount: 2 });
    connection.serverConnect();
    connection.serverEmit('inbound_call', ring('u-1'));
    await flush();
    const last = published.at(-1)!;
    expect(() => structuredClone(last)).not.toThrow();
    expect(last.registration).toMatchObject({ state: 'registered', extenStatus: 51 });
    expect(last.agent).toMatchObject({ status: 'rest', dnd: 'off', forwarding: 'off' });
    expect(last.calls).toEqual([
      expect.objectContaining({
        callId: 'u-1',
        phase: 'ringing',
        member: 'selectMemberOpen',
        memberCount: 2,
        allowed: expect.arrayContaining(['ANSWER', 'HANGUP']),
      }),
    ]);
  });

  it('closes the socket when the phone stops (logout, or the tab loses leadership)', () => {
    const { phone, connection } = startPhone();
    connection.serverConnect();
    phone.stop();
    expect(connection.closed).toBe(true);
  });
});
