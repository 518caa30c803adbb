// The Asterisk driver against a TCP peer that answers and replays AMI transcripts. Asserts the exact
// actions sent and how Asterisk's events become the product's events.

import { AsteriskDriver } from '../../src/telephony/asterisk/asterisk-driver';
import type { DriverEvent } from '../../src/telephony/driver';
import { AmiPeer, transcript } from './ami-peer';
import {
  AGENT_CHANNEL,
  DIRECT_ANSWERED,
  DIRECT_HUNGUP,
  DIRECT_RINGING,
  QUEUE_ABANDONED_UNRUNG,
  QUEUE_CALL,
  QUEUE_CALL_HUNGUP,
  QUEUE_TIMED_OUT,
  queueMemberStatus,
  TRUNK_CHANNEL,
} from './ami-transcripts';
import { DEMO_DIRECTORY } from './simulator-helpers';

let peer: AmiPeer;
let driver: AsteriskDriver;
let events: DriverEvent[];

async function connect(overrides: Partial<ConstructorParameters<typeof AsteriskDriver>[0]> = {}) {
  driver = new AsteriskDriver({
    host: '127.0.0.1',
    port: peer.port,
    username: 'crm',
    secret: 's3cret',
    server: 'pbx1',
    reconnectInitialMs: 20,
    actionTimeoutMs: 1_000,
    ...overrides,
  });
  await driver.configure(DEMO_DIRECTORY);
  events = [];
  driver.subscribe((e) => events.push(e));
  await driver.start();
}

const sent = () => peer.actions.filter((a) => a.fields.Action !== 'Login').map((a) => a.text);

beforeEach(async () => {
  peer = await AmiPeer.start();
  await connect();
  await driver.register('1001');
  await driver.register('1000');
  events.length = 0;
});

afterEach(async () => {
  await driver.close();
  await peer.close();
});

describe('AMI session', () => {
  it('logs in with the configured credentials after the banner', () => {
    expect(peer.actions[0]?.text).toBe('Action: Login\nUsername: crm\nSecret: s3cret\nEvents: on');
    expect(peer.actions[0]?.fields.ActionID).toMatch(/^cc\d+-1$/);
    expect(driver.client.state).toBe('ready');
  });

  it('fails to start with wrong credentials', async () => {
    const wrong = new AsteriskDriver({ host: '127.0.0.1', port: peer.port, username: 'crm', secret: 'nope', reconnectInitialMs: 10_000 });
    await wrong.configure(DEMO_DIRECTORY);
    await expect(wrong.start()).rejects.toMatchObject({ code: 'pbx_unavailable' });
    await wrong.close();
  });

  it('reconnects with backoff and logs in again after the connection drops', async () => {
    const states: string[] = [];
    let whileDown: Promise<unknown> | null = null;
    driver.client.onState((state) => {
      states.push(state);
      if (state === 'disconnected') whileDown = driver.dial('1001', '0299990000').catch((error: unknown) => error);
    });
    peer.dropConnections();
    await vi.waitFor(() => expect(states).toEqual(['disconnected', 'connecting', 'ready']));
    expect(await whileDown).toMatchObject({ code: 'pbx_unavailable' });
    expect(peer.actions.filter((a) => a.fields.Action === 'Login')).toHaveLength(2);
    await driver.queueReset('500');
    expect(sent().at(-1)).toBe('Action: QueueReset\nQueue: 500');
  });

  it('rejects an action that gets no answer with pbx_timeout', async () => {
    await driver.close();
    await connect({ actionTimeoutMs: 100 });
    peer.override = (f) => (f.Action === 'QueueReset' ? '' : undefined);
    await expect(driver.queueReset('500')).rejects.toMatchObject({ code: 'pbx_timeout' });
  });

  it('turns Response: Error into pbx_error', async () => {
    peer.override = (f, id) => (f.Action === 'Originate' ? transcript(`Response: Error\nActionID: ${id}\nMessage: Originate failed`) : undefined);
    await expect(driver.dial('1001', '0299990000')).rejects.toMatchObject({ code: 'pbx_error', message: expect.stringContaining('Originate failed') });
  });
});

describe('commands → AMI actions', () => {
  it('dial and click-to-call originate from the agent\'s phone with our uniqueid', async () => {
    const { uniqueid } = await driver.dial('1001', '010-9999-0000');
    expect(uniqueid).toMatch(/^\d+\.\d+$/);
    expect(sent()).toEqual([
      `Action: Originate\nChannel: SIP/1001\nContext: from-internal\nExten: 01099990000\nPriority: 1\nCallerID: 1001\nTimeout: 30000\nAsync: true\nChannelId: ${uniqueid}`,
    ]);
    await driver.clickToCall('1001', '1002');
    expect(peer.last()?.fields).toMatchObject({ Action: 'Originate', Channel: 'SIP/1001', Exten: '1002' });
  });

  it("a user's caller id goes out as the Originate's CallerID, and the call log hears of it (call_placed)", async () => {
    const { uniqueid } = await driver.dial('1001', '0299990000', { callerId: '0215880000' });
    expect(peer.last()?.fields).toMatchObject({ Action: 'Originate', CallerID: '0215880000', ChannelId: uniqueid });
    expect(events).toContainEqual({ type: 'call_placed', payload: expect.objectContaining({ uniqueid, extension: '1001', number: '0299990000', caller_id: '0215880000' }) });
    await driver.clickToCall('1001', '0299990000', { callerId: '0215880001' });
    expect(peer.last()?.fields).toMatchObject({ Action: 'Originate', CallerID: '0215880001' });
  });

  it('agent states: QueuePause with a reason for rest, lunch, after-call; DND in AstDB', async () => {
    await driver.dndOn('1001', 11);
    await driver.dndOn('1001', 21);
    await driver.dndOn('1001', 31);
    await driver.dndOn('1001', 1);
    await driver.dndOff('1001');
    expect(sent()).toEqual([
      'Action: QueuePause\nInterface: SIP/1001\nPaused: true\nReason: rest',
      'Action: QueuePause\nInterface: SIP/1001\nPaused: true\nReason: lunch',
      'Action: QueuePause\nInterface: SIP/1001\nPaused: true\nReason: after',
      'Action: DBPut\nFamily: DND\nKey: 1001\nVal: YES',
      'Action: QueuePause\nInterface: SIP/1001\nPaused: false',
      'Action: DBDel\nFamily: DND\nKey: 1001',
    ]);
    expect(events.filter((e) => e.type === 'extension_status').map((e) => (e.payload as { status: number }).status)).toEqual([11, 21, 31, 2, 0]);
  });

  it('forwarding lives in AstDB under CF/<ext>', async () => {
    expect(await driver.checkTransfer('1001')).toEqual({ transfer: false, number: '' });
    await driver.transfer('1001', '01012345678');
    expect(await driver.checkTransfer('1001')).toEqual({ transfer: true, number: '01012345678' });
    await driver.unTransfer('1001');
    await driver.unTransfer('1001'); // already gone: still fine
    expect(sent()).toEqual([
      'Action: DBGet\nFamily: CF\nKey: 1001',
      'Action: DBPut\nFamily: CF\nKey: 1001\nVal: 01012345678',
      'Action: DBGet\nFamily: CF\nKey: 1001',
      'Action: DBDel\nFamily: CF\nKey: 1001',
      'Action: DBDel\nFamily: CF\nKey: 1001',
    ]);
  });

  it('call control on a live call: Redirect, Atxfer, Hangup, ChanSpy, MixMonitor', async () => {
    await expect(driver.blindTransfer('1001', '1002')).rejects.toMatchObject({ code: 'no_call' });
    await expect(driver.listen('1000', '1001')).rejects.toMatchObject({ code: 'no_call' });
    peer.send(DIRECT_RINGING);
    peer.send(DIRECT_ANSWERED);
    await vi.waitFor(() => expect(events.some((e) => e.type === 'call_state' && e.payload.state === 'answered')).toBe(true));

    await driver.blindTransfer('1001', '1002');
    await driver.attendedTransfer('1001', '1003');
    await driver.attendedTransfer('1001', '1003');
    await driver.listen('1000', '1001');
    await driver.whisper('1000', '1001');
    const on = await driver.oneTouchRecording('1001');
    const off = await driver.oneTouchRecording('1001');
    await driver.hangup('1001', TRUNK_CHANNEL);
    await driver.hangup('1001');
    await expect(driver.hangup('1001', 'SIP/1002-00000099')).rejects.toMatchObject({ code: 'no_call' });

    expect(on).toEqual({ recording: true, file: expect.stringMatching(/^otr-\d{8}-\d{6}-1001-1732345678\.16\.wav$/) });
    expect(off).toEqual({ recording: false, file: on.file });
    expect(sent()).toEqual([
      `Action: Redirect\nChannel: ${TRUNK_CHANNEL}\nExten: 1002\nContext: from-internal\nPriority: 1`,
      `Action: Atxfer\nChannel: ${AGENT_CHANNEL}\nExten: 1003\nContext: from-internal`,
      `Action: Hangup\nChannel: ${AGENT_CHANNEL}`,
      'Action: Originate\nChannel: SIP/1000\nApplication: ChanSpy\nData: SIP/1001,q\nCallerID: 1000\nAsync: true',
      'Action: Originate\nChannel: SIP/1000\nApplication: ChanSpy\nData: SIP/1001,qw\nCallerID: 1000\nAsync: true',
      `Action: MixMonitor\nChannel: ${AGENT_CHANNEL}\nFile: ${on.file}`,
      `Action: StopMixMonitor\nChannel: ${AGENT_CHANNEL}`,
      `Action: Hangup\nChannel: ${TRUNK_CHANNEL}`,
      `Action: Hangup\nChannel: ${AGENT_CHANNEL}`,
    ]);
  });

  it('answer, hangup without a call, queueReset, playSound, getChannel, load', async () => {
    peer.channels = ['SIP/trunk-00000040', 'SIP/1001-00000041'];
    peer.extensionStates.set('1001', 1);
    await driver.answer('1001');
    await driver.hangup('1001');
    await driver.queueReset('500');
    await driver.playSound('1001');
    expect(await driver.getChannel('1001')).toEqual({ channel: 'SIP/1001-00000041' });
    expect(await driver.getChannel('1000')).toEqual({ channel: null });
    expect(await driver.load('1001')).toEqual({ exten_status: 51, status: 1 });
    expect(await driver.load('1002')).toEqual({ exten_status: 0, status: 4 });
    expect(sent()).toEqual([
      'Action: SIPnotify\nChannel: SIP/1001\nVariable: Event=talk',
      'Action: Hangup\nChannel: /^SIP\\/1001-.*$/',
      'Action: QueueReset\nQueue: 500',
      'Action: Originate\nChannel: SIP/1001\nApplication: Playback\nData: beep\nAsync: true',
      'Action: CoreShowChannels',
      'Action: CoreShowChannels',
      'Action: ExtensionState\nExten: 1001\nContext: from-internal',
    ]);
  });

  it('PJSIP phones are addressed as PJSIP/<ext>', async () => {
    await driver.close();
    await connect({ channelTech: 'PJSIP' });
    await driver.register('1001');
    await driver.answer('1001');
    await driver.dndOn('1001', 21);
    expect(sent().slice(-2)).toEqual(['Action: PJSIPNotify\nEndpoint: 1001\nVariable: Event=talk', 'Action: QueuePause\nInterface: PJSIP/1001\nPaused: true\nReason: lunch']);
  });

  it('refuses before sending: unknown extension, not logged in, bad numbers, line breaks', async () => {
    await expect(driver.dial('1002', '0299990000')).rejects.toMatchObject({ code: 'not_logged_in' });
    await expect(driver.dial('4242', '0299990000')).rejects.toMatchObject({ code: 'unknown_extension' });
    await expect(driver.dial('1001', '0299990000\r\nAction: Hangup')).rejects.toMatchObject({ code: 'invalid_number' });
    await expect(driver.hold('1001')).rejects.toMatchObject({ code: 'unsupported' });
    expect(sent()).toEqual([]);
  });
});

describe('AMI events → product events', () => {
  it('a direct call: inbound_call and ringing, answered, hangup; ExtensionStatus drives the status codes', async () => {
    peer.send(DIRECT_RINGING);
    await vi.waitFor(() => expect(events.filter((e) => e.type !== 'extension_status')).toHaveLength(2));
    expect(events[0]).toEqual({
      type: 'inbound_call',
      extension: '1001',
      payload: {
        phone_no: '01055550001',
        ext_no: '1001',
        ring_gr: '',
        uniqueid: '1732345678.16',
        chanel: AGENT_CHANNEL,
        ivr_number: '',
        recordingfile: expect.stringMatching(/^\d{8}-\d{6}-01055550001-1001-1732345678\.16\.wav$/),
        server: 'pbx1',
      },
    });
    peer.send(DIRECT_ANSWERED);
    peer.send(DIRECT_HUNGUP);
    await vi.waitFor(() => expect(events.at(-1)?.type).toBe('extension_status'));
    await vi.waitFor(() => expect(events.filter((e) => e.type === 'extension_status')).toHaveLength(3));
    const states = events.filter((e) => e.type === 'call_state').map((e) => e.payload);
    expect(states).toEqual([
      { uniqueid: '1732345678.16', state: 'ringing', extension: '1001', number: '01055550001' },
      { uniqueid: '1732345678.16', state: 'answered', extension: '1001', number: '01055550001' },
      { uniqueid: '1732345678.16', state: 'hangup', extension: '1001', number: '01055550001' },
    ]);
    expect(events.filter((e) => e.type === 'extension_status').map((e) => e.payload)).toEqual([
      { extension: '1001', exten_status: 51, status: 8 },
      { extension: '1001', exten_status: 51, status: 1 },
      { extension: '1001', exten_status: 51, status: 0 },
    ]);
  });

  it('a queue call carries the queue as ring_gr and is answered on AgentConnect', async () => {
    peer.send(QUEUE_CALL);
    await vi.waitFor(() => expect(events.filter((e) => e.type === 'call_state')).toHaveLength(2));
    const popups = events.filter((e) => e.type === 'inbound_call');
    expect(popups).toHaveLength(1);
    expect(popups[0]?.payload).toMatchObject({ phone_no: '01055550002', ring_gr: '500', uniqueid: '1732345700.32', chanel: 'SIP/1001-00000021' });
    expect(events.filter((e) => e.type === 'call_state').map((e) => (e.payload as { state: string }).state)).toEqual(['ringing', 'answered']);
  });

  it('a queue call is started and ended for the company: answered on AgentConnect, ended when the caller hangs up', async () => {
    peer.send(QUEUE_CALL);
    peer.send(QUEUE_CALL_HUNGUP);
    await vi.waitFor(() => expect(events.filter((e) => e.type === 'call_state')).toHaveLength(3));
    const names = events.filter((e) => e.type !== 'extension_status').map((e) => (e.type === 'call_state' ? e.payload.state : e.type));
    // The caller's channel goes first here, so call_ended precedes the agent's own hangup.
    expect(names).toEqual(['call_started', 'inbound_call', 'ringing', 'answered', 'call_ended', 'hangup']);
    const company = events.filter((e) => e.type === 'call_started' || e.type === 'call_ended');
    expect(company.map((e) => e.payload)).toEqual([
      { uniqueid: '1732345700.32', from: '01055550002', queue: '500', at: expect.any(String) },
      { uniqueid: '1732345700.32', from: '01055550002', queue: '500', outcome: 'answered', at: expect.any(String) },
    ]);
    for (const { payload } of company) expect(Date.parse(payload.at)).not.toBeNaN();
  });

  it('a caller who waits while no member is free and hangs up: call_started, then call_ended abandoned, and nothing for any extension', async () => {
    peer.send(QUEUE_ABANDONED_UNRUNG);
    await vi.waitFor(() => expect(events.some((e) => e.type === 'call_ended')).toBe(true));
    expect(events).toEqual([
      { type: 'call_started', payload: { uniqueid: '1732345800.40', from: '01055550003', queue: '500', at: expect.any(String) } },
      { type: 'call_ended', payload: { uniqueid: '1732345800.40', from: '01055550003', queue: '500', outcome: 'abandoned', at: expect.any(String) } },
    ]);
  });

  it('a queue that times out on its caller ends the call as missed', async () => {
    peer.send(QUEUE_TIMED_OUT);
    await vi.waitFor(() => expect(events.some((e) => e.type === 'call_ended')).toBe(true));
    expect(events.map((e) => e.type)).toEqual(['call_started', 'call_ended']);
    expect(events[1]?.payload).toMatchObject({ uniqueid: '1732345900.50', from: '01055550004', queue: '500', outcome: 'missed' });
  });

  it('QueueMemberStatus pause reasons become rest / lunch / after-call', async () => {
    peer.send(queueMemberStatus(true, 'lunch'));
    await vi.waitFor(() => expect(events.at(-1)?.payload).toEqual({ extension: '1001', exten_status: 51, status: 21 }));
    peer.send(queueMemberStatus(true, 'lunch', 2));
    await vi.waitFor(() => expect(events.at(-1)?.payload).toEqual({ extension: '1001', exten_status: 51, status: 22 }));
    peer.send(queueMemberStatus(false, ''));
    await vi.waitFor(() => expect(events.at(-1)?.payload).toEqual({ extension: '1001', exten_status: 51, status: 0 }));
  });

  it('registration is the server\'s: unregister publishes logged out', async () => {
    await driver.unregister('1001');
    expect(events.at(-1)?.payload).toEqual({ extension: '1001', exten_status: 0, status: 4 });
  });

  it('ignores events for channels that are not our extensions', async () => {
    peer.send('Event: ExtensionStatus\nPrivilege: call,all\nExten: 7777\nContext: ext-local\nHint: SIP/7777\nStatus: 8\nStatusText: Ringing');
    peer.send('Event: Hangup\nPrivilege: call,all\nChannel: Local/1001@from-internal-00000001;1\nUniqueid: 1.1\nLinkedid: 1.1\nCause: 16');
    await driver.queueReset('500'); // a round trip, so the events above have been read
    expect(events).toEqual([]);
  });
});
