import { createActor, fromPromise } from 'xstate';
import type { CallStateName } from '../../api/realtime/socket-events';
import { callMachine } from './call.machine';
import type { CallInput, OpenPopupOutcome, OpenPopupRequest } from './call.types';

// 09:05:07 in Seoul: the pop-up's title shows Seoul time wherever the test runs.
const RING_TIME = Date.parse('2025-01-02T09:05:07+09:00');

const inbound: CallInput = {
  callId: '1700000000.11',
  uniqueid: '1700000000.11',
  direction: 'inbound',
  number: '01055550002',
  extension: '1001',
  channel: 'SIP/1001-00000011',
  recordingfile: '2025/01/02/rec-11.wav',
  ringGroup: '600',
  ivrNumber: '1588',
  server: 'pbx-1',
  popupMode: 'window',
  receivedAt: RING_TIME,
};

const outbound: CallInput = {
  ...inbound,
  callId: 'out-1',
  uniqueid: null,
  direction: 'outbound',
  number: '01055550001',
  channel: '',
  recordingfile: '',
  ringGroup: '',
  ivrNumber: '',
  server: '',
};

interface Options {
  memberCount?: number;
  memberChosen?: boolean;
  popup?: (request: OpenPopupRequest) => OpenPopupOutcome;
  fail?: Partial<Record<'dial' | 'answer' | 'hangUp' | 'blindTransfer' | 'attendedTransfer' | 'lookupMembers', unknown>>;
  canHold?: boolean;
  dialUniqueid?: string;
}

function startCall(input: CallInput, options: Options = {}) {
  const log: string[] = [];
  const popups: OpenPopupRequest[] = [];
  const command = <TOutput, TInput>(name: keyof NonNullable<Options['fail']> | 'toggleRecording' | 'hold' | 'unhold', result: NoInfer<TOutput>) =>
    fromPromise<TOutput, TInput>(async ({ input: args }) => {
      log.push(args === undefined ? name : `${name}(${JSON.stringify(args)})`);
      const failure = options.fail?.[name as keyof NonNullable<Options['fail']>];
      if (failure !== undefined) throw failure;
      return result;
    });
  const machine = callMachine.provide({
    actors: {
      dial: command('dial', { uniqueid: options.dialUniqueid ?? null }),
      answer: command('answer', { result: 'success' }),
      hangUp: command('hangUp', { result: 'success' }),
      hold: command('hold', {}),
      unhold: command('unhold', {}),
      blindTransfer: command('blindTransfer', {}),
      attendedTransfer: command('attendedTransfer', {}),
      toggleRecording: command('toggleRecording', { recording: null }),
      lookupMembers: command('lookupMembers', { memberCount: options.memberCount ?? 1, memberChosen: options.memberChosen ?? false }),
      openPopup: fromPromise(async ({ input: request }: { input: OpenPopupRequest }) => {
        popups.push(request);
        return (options.popup ?? ((r) => r.mode))(request);
      }),
    },
    guards: { canHold: () => options.canHold ?? false },
  });
  const actor = createActor(machine, { input }).start();
  const line = () => (actor.getSnapshot().value as { active?: { line: unknown } }).active?.line;
  const server = (state: CallStateName) =>
    actor.send({ type: 'socket.call_state', payload: { uniqueid: input.uniqueid ?? 'u-9', state, extension: '1001', number: input.number } });
  return { actor, log, popups, line, server };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('callMachine: inbound', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rings, pops the inbound pop-up with every query field, looks the caller up and is answered', async () => {
    const { actor, popups, log, line } = startCall(inbound);
    expect(line()).toBe('ringing');
    await flush();
    expect(popups[0]).toEqual({
      popupId: 'inbound',
      mode: 'window',
      query: {
        phone_no: '01055550002',
        ext_no: '1001',
        ring_gr: '600',
        uniqueid: '1700000000.11',
        chanel: 'SIP/1001-00000011',
        ivr_number: '1588',
        recordingfile: '2025/01/02/rec-11.wav',
        server: 'pbx-1',
        modal_id: '1700000000.11',
        title: '전화 수신 시간 09:05:07',
      },
    });
    expect(actor.getSnapshot().matches({ active: { popup: 'window', member: 'found' } })).toBe(true);
    expect(actor.getSnapshot().context.memberCount).toBe(1);
    expect(log).toContain('lookupMembers({"phoneNumber":"01055550002","uniqueid":"1700000000.11"})');

    expect(actor.getSnapshot().can({ type: 'ANSWER' })).toBe(true);
    actor.send({ type: 'ANSWER' });
    await flush();
    expect(log).toContain('answer');
    expect(line()).toBe('answered');
  });

  it.each([
    [0, 'found', 1],
    [1, 'found', 1],
    [2, 'selectMemberOpen', 2],
  ] as const)('lookup with %i member(s) → %s (%i pop-ups)', async (memberCount, memberState, popupCount) => {
    const { actor, popups } = startCall(inbound, { memberCount });
    await flush();
    expect(actor.getSnapshot().matches({ active: { member: memberState } })).toBe(true);
    expect(popups).toHaveLength(popupCount);
    if (memberCount > 1) {
      expect(popups[1]).toEqual({
        popupId: 'inbound-select-member',
        mode: 'window',
        query: { phone_no: '01055550002', uniqueid: '1700000000.11' },
      });
    }
  });

  it('does not ask select-member again when a member was already chosen for the call (a reload mid-call)', async () => {
    const { actor, popups, log } = startCall(inbound, { memberCount: 2, memberChosen: true });
    await flush();
    expect(log).toContain('lookupMembers({"phoneNumber":"01055550002","uniqueid":"1700000000.11"})');
    expect(actor.getSnapshot().matches({ active: { member: 'found' } })).toBe(true);
    expect(actor.getSnapshot().context.memberCount).toBe(2);
    expect(popups.map((p) => p.popupId)).toEqual(['inbound']);
  });

  it('a blocked window falls back to the in-page dialog, and select-member follows it', async () => {
    const { actor, popups } = startCall(inbound, {
      memberCount: 2,
      popup: (r) => (r.mode === 'window' ? 'blocked' : 'dialog'),
    });
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ active: { popup: 'dialog', member: 'selectMemberOpen' } })).toBe(true);
    expect(snapshot.context.popupFallback).toBe(true);
    expect(popups.map((p) => `${p.popupId}:${p.mode}`).sort()).toEqual([
      'inbound-select-member:dialog',
      'inbound:dialog',
      'inbound:window',
    ]);

    // A click is a user activation: the agent may ask for the window again (blocked again here: dialog).
    actor.send({ type: 'REOPEN_POPUP' });
    await flush();
    expect(popups.slice(3).map((p) => `${p.popupId}:${p.mode}`)).toEqual(['inbound:window', 'inbound:dialog']);
  });

  it('is answered from the desk phone, held and resumed by the server, then blind-transferred', async () => {
    const { actor, line, server, log } = startCall(inbound);
    server('answered');
    expect(line()).toBe('answered');
    server('held');
    expect(line()).toBe('held');
    server('answered');

    expect(actor.getSnapshot().can({ type: 'TRANSFER_BLIND', number: ' ' })).toBe(false);
    actor.send({ type: 'TRANSFER_BLIND', number: '1002' });
    expect(line()).toEqual({ transferring: 'blind' });
    await flush();
    expect(log).toContain('blindTransfer({"number":"1002"})');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ callId: '1700000000.11', endReason: 'transferred' });
  });

  it('attended transfer: consult, then complete by hanging up our leg', async () => {
    const { actor, line, server, log } = startCall(inbound);
    server('answered');
    actor.send({ type: 'TRANSFER_ATTENDED', number: '1003' });
    await flush();
    expect(line()).toEqual({ transferring: { attended: 'consulting' } });
    server('held'); // the caller waits on hold: part of the transfer
    expect(line()).toEqual({ transferring: { attended: 'consulting' } });

    actor.send({ type: 'COMPLETE_TRANSFER' });
    await flush();
    expect(log).toEqual(expect.arrayContaining(['attendedTransfer({"number":"1003"})', 'hangUp({"channel":"SIP/1001-00000011"})']));
    expect(actor.getSnapshot().output).toEqual({ callId: '1700000000.11', endReason: 'transferred' });
  });

  it('a failed transfer returns to the call with the error', async () => {
    const { actor, line, server } = startCall(inbound, { fail: { blindTransfer: { status: 404, message: 'no such extension' } } });
    server('answered');
    actor.send({ type: 'TRANSFER_BLIND', number: '9999' });
    await flush();
    expect(line()).toBe('answered');
    expect(actor.getSnapshot().context.error).toEqual({ command: 'blindTransfer', status: 404, message: 'no such extension' });
  });

  it.each([['ringing'], ['answered'], ['consulting']])('a hangup from the far side ends the call while %s', async (where) => {
    const { actor, server } = startCall(inbound);
    if (where !== 'ringing') server('answered');
    if (where === 'consulting') {
      actor.send({ type: 'TRANSFER_ATTENDED', number: '1003' });
      await flush();
    }
    server('hangup');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.endReason).toBe('remote-hangup');
  });

  it('the server saying "transferred" ends the call as transferred', () => {
    const { actor, server } = startCall(inbound);
    server('answered');
    server('transferred');
    expect(actor.getSnapshot().output?.endReason).toBe('transferred');
  });

  it('HANGUP uses the channel; a failed hang-up keeps the call where it was', async () => {
    const failing = startCall(inbound, { fail: { hangUp: { status: 500, message: 'PBX error' } } });
    failing.server('held');
    failing.actor.send({ type: 'HANGUP' });
    await flush();
    expect(failing.line()).toBe('held');
    expect(failing.actor.getSnapshot().context.error?.command).toBe('hangup');

    const { actor, log } = startCall(inbound);
    actor.send({ type: 'HANGUP' });
    await flush();
    expect(log).toContain('hangUp({"channel":"SIP/1001-00000011"})');
    expect(actor.getSnapshot().output?.endReason).toBe('local-hangup');
  });

  it('a failed answer stays ringing with the error', async () => {
    const { actor, line } = startCall(inbound, { fail: { answer: new Error('CTI is not logged in') } });
    actor.send({ type: 'ANSWER' });
    await flush();
    expect(line()).toBe('ringing');
    expect(actor.getSnapshot().context.error).toEqual({ command: 'answer', status: null, message: 'CTI is not logged in' });
  });

  it('a repeated inbound_call fills in missing fields without opening a second pop-up', async () => {
    const { actor, popups } = startCall({ ...inbound, channel: '' });
    await flush();
    actor.send({
      type: 'socket.inbound_call',
      payload: { phone_no: '01055550002', ext_no: '1001', ring_gr: '600', uniqueid: inbound.callId, chanel: 'SIP/1001-42', ivr_number: '', recordingfile: '', server: '' },
    });
    await flush();
    expect(actor.getSnapshot().context.channel).toBe('SIP/1001-42');
    expect(actor.getSnapshot().context.recordingfile).toBe(inbound.recordingfile);
    expect(popups).toHaveLength(1);
  });
});

describe('callMachine: outbound, recording and hold', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('dials, rings, is answered and hung up; opens no pop-up and looks nobody up', async () => {
    const { actor, line, server, log, popups } = startCall({ ...outbound, dialMethod: 'clickToCall' }, { dialUniqueid: 'srv-1' });
    expect(line()).toBe('dialing');
    expect(actor.getSnapshot().can({ type: 'ANSWER' })).toBe(false);
    await flush();
    expect(log).toEqual(['dial({"number":"01055550001","method":"clickToCall"})']);
    expect(line()).toBe('ringing');
    expect(actor.getSnapshot().context.uniqueid).toBe('srv-1');
    expect(actor.getSnapshot().can({ type: 'ANSWER' })).toBe(false);
    server('answered');
    expect(line()).toBe('answered');
    actor.send({ type: 'HANGUP' });
    await flush();
    expect(actor.getSnapshot().output).toEqual({ callId: 'out-1', endReason: 'local-hangup' });
    expect(popups).toEqual([]);
    expect(actor.getSnapshot().matches).toBeDefined();
  });

  it('is told its uniqueid by the phone root when the dial answer has none', async () => {
    const { actor } = startCall(outbound);
    await flush();
    expect(actor.getSnapshot().context.uniqueid).toBeNull();
    actor.send({ type: 'call.identified', uniqueid: 'srv-9' });
    actor.send({ type: 'call.identified', uniqueid: 'srv-other' });
    expect(actor.getSnapshot().context.uniqueid).toBe('srv-9');
  });

  it('transfers only to dialable numbers, with separators dropped', async () => {
    const { actor, server, log } = startCall(inbound);
    server('answered');
    expect(actor.getSnapshot().can({ type: 'TRANSFER_BLIND', number: '*72' })).toBe(false);
    actor.send({ type: 'TRANSFER_BLIND', number: '010-1234-5678' });
    await flush();
    expect(log).toContain('blindTransfer({"number":"01012345678"})');
  });

  it('a failed dial ends the call with the error', async () => {
    const { actor } = startCall(outbound, { fail: { dial: { status: 409, message: 'extension busy' } } });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({
      endReason: 'dial-failed',
      error: { command: 'dial', status: 409, message: 'extension busy' },
    });
  });

  it('a call placed from the desk phone starts where the server says', () => {
    const { line, log } = startCall({ ...outbound, startIn: 'answered' });
    expect(line()).toBe('answered');
    expect(log).toEqual([]);
  });

  it('one-touch recording toggles only while connected', async () => {
    const { actor, server, log } = startCall(inbound);
    expect(actor.getSnapshot().can({ type: 'TOGGLE_RECORDING' })).toBe(false);
    server('answered');
    actor.send({ type: 'TOGGLE_RECORDING' });
    await flush();
    expect(actor.getSnapshot().matches({ active: { recording: 'on' } })).toBe(true);
    expect(actor.getSnapshot().context.recording).toBe(true);
    actor.send({ type: 'TOGGLE_RECORDING' });
    await flush();
    expect(actor.getSnapshot().context.recording).toBe(false);
    expect(log.filter((l) => l === 'toggleRecording')).toHaveLength(2);
  });

  it('HOLD is not offered without a hold command; with one it holds and resumes', async () => {
    const without = startCall(inbound);
    without.server('answered');
    expect(without.actor.getSnapshot().can({ type: 'HOLD' })).toBe(false);

    const { actor, line, server } = startCall(inbound, { canHold: true });
    server('answered');
    actor.send({ type: 'HOLD' });
    await flush();
    expect(line()).toBe('held');
    actor.send({ type: 'UNHOLD' });
    await flush();
    expect(line()).toBe('answered');
  });
});
