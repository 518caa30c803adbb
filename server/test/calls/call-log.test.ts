import { CTI, pause, showCall, startCallKit, withQueueAway, type CallKit } from './call-test-kit';

/**
 * The call recorder (docs/calls.md): simulated calls through the app's own telephony service end up as
 * one call-log row per uniqueid, with the right direction, parties, disposition and timestamps.
 */
let kit: CallKit;
beforeAll(async () => {
  kit = await startCallKit();
});
afterAll(async () => {
  await kit?.close();
});

const ordered = (...stamps: unknown[]) => {
  const times = stamps.map((s) => Date.parse(String(s)));
  expect(times.every((time) => Number.isFinite(time))).toBe(true);
  expect([...times].sort((a, b) => a - b)).toEqual(times);
};

describe('inbound calls', () => {
  it('a direct call answered by 1001 and hung up from outside: answered, with every timestamp and event', async () => {
    const uniqueid = await kit.place('+821070000001', '1001');
    await pause(20);
    await kit.ctiAs('agent1', CTI.answer);
    await pause(1100);
    await kit.farHangup(uniqueid);
    await kit.settle();
    const { data, events } = await showCall(kit, uniqueid);
    expect(data).toMatchObject({
      uniqueid,
      direction: 'inbound',
      caller_number: '01070000001',
      callee_number: '1001',
      extension: '1001',
      extensions: ['1001'],
      queue: null,
      disposition: 'answered',
      recording_file: expect.stringMatching(new RegExp(`-${uniqueid.replace('.', '\\.')}\\.wav$`)),
      one_touch_files: [],
    });
    ordered(data.started_at, data.ringing_at, data.answered_at, data.ended_at);
    expect(data.talk_time).toBeGreaterThanOrEqual(1);
    expect(data.duration).toBeGreaterThanOrEqual(data.talk_time as number);
    expect(events.map((e) => e.state ?? e.type)).toEqual(['inbound_call', 'ringing', 'answered', 'hangup']);
    ordered(...events.map((e) => e.occurred_at));
  });

  it('a queue call answered by 1002: 1001 rang too; the handler is 1002', async () => {
    const uniqueid = await kit.place('01070000002', '500');
    await kit.ctiAs('agent2', CTI.answer);
    await kit.ctiAs('agent2', CTI.hangup);
    await kit.settle();
    const { data } = await showCall(kit, uniqueid);
    expect(data).toMatchObject({ direction: 'inbound', callee_number: '500', queue: '500', extension: '1002', disposition: 'answered' });
    expect([...(data.extensions as string[])].sort()).toEqual(['1001', '1002']);
  });

  it('a queue call the caller gives up on is abandoned, with no talk time and no recording', async () => {
    const uniqueid = await kit.place('01070000003', '500');
    await kit.farHangup(uniqueid);
    await kit.settle();
    const { data } = await showCall(kit, uniqueid);
    expect(data).toMatchObject({ disposition: 'abandoned', answered_at: null, talk_time: 0, recording_file: null, extension: null });
  });

  it('a caller who waits in queue 500 while every member is away and hangs up: in progress while waiting, then abandoned with the whole wait', async () => {
    await withQueueAway(kit, async () => {
      const uniqueid = await kit.place('+821070000006', '500');
      await kit.settle();
      const waiting = await kit.call('manager', '/cti/calls/history', { search: uniqueid });
      expect(waiting.json().data).toEqual([
        expect.objectContaining({ uniqueid, direction: 'inbound', caller_number: '01070000006', callee_number: '500', ended_at: null, disposition: null }),
      ]);
      await pause(1100);
      await kit.farHangup(uniqueid);
      await kit.settle();
      const [call, ...others] = (await kit.call('manager', '/cti/calls/history', { search: uniqueid })).json<{ data: Record<string, unknown>[] }>().data;
      expect(others).toEqual([]);
      expect(call).toMatchObject({
        uniqueid,
        direction: 'inbound',
        caller_number: '01070000006',
        callee_number: '500',
        queue: '500',
        extension: null,
        extensions: [],
        disposition: 'abandoned',
        ringing_at: null,
        answered_at: null,
        talk_time: 0,
        recording_file: null,
      });
      expect(call!.wait_duration).toBeGreaterThanOrEqual(1);
      expect(call!.wait_duration).toBe(call!.duration);
      // Nothing reached an extension: the events say when the caller entered the queue and hung up.
      expect((await showCall(kit, uniqueid)).events).toEqual([
        expect.objectContaining({ type: 'call_started', state: null, extension: '500', number: '+821070000006' }),
        expect.objectContaining({ type: 'call_ended', state: 'abandoned', extension: '500', number: '+821070000006' }),
      ]);
    });
  });

  it('a direct call nobody answers is missed', async () => {
    const uniqueid = await kit.place('01070000004', '1002');
    await kit.farHangup(uniqueid);
    await kit.settle();
    expect((await showCall(kit, uniqueid)).data).toMatchObject({ direction: 'inbound', disposition: 'missed', extension: null });
  });
});

describe('calls our agents place', () => {
  it('1001 dials an outside number that answers: outbound, a recording named after the call', async () => {
    const dial = await kit.ctiAs('agent1', CTI.dial, { number: '0212345678' });
    const { uniqueid } = dial.json<{ uniqueid: string }>();
    // The simulator's outside party answers after 3 s.
    await pause(3300);
    await kit.ctiAs('agent1', CTI.hangup);
    await kit.settle();
    const { data } = await showCall(kit, uniqueid);
    expect(data).toMatchObject({
      direction: 'outbound',
      caller_number: '1001',
      callee_number: '0212345678',
      extension: '1001',
      disposition: 'answered',
      recording_file: expect.stringMatching(new RegExp(`-1001-0212345678-${uniqueid.replace('.', '\\.')}\\.wav$`)),
    });
  });

  it('1001 gives up before the outside party answers: outbound, missed', async () => {
    const { uniqueid } = (await kit.ctiAs('agent1', CTI.dial, { number: '0215550000' })).json<{ uniqueid: string }>();
    await kit.ctiAs('agent1', CTI.hangup);
    await kit.settle();
    expect((await showCall(kit, uniqueid)).data).toMatchObject({ direction: 'outbound', disposition: 'missed', recording_file: null });
  });

  it('1001 calls 1002, who answers: internal', async () => {
    const { uniqueid } = (await kit.ctiAs('agent1', CTI.dial, { number: '1002' })).json<{ uniqueid: string }>();
    await kit.ctiAs('agent2', CTI.answer);
    await kit.ctiAs('agent2', CTI.hangup);
    await kit.settle();
    const { data } = await showCall(kit, uniqueid);
    expect(data).toMatchObject({ direction: 'internal', caller_number: '1001', callee_number: '1002', extension: '1001', disposition: 'answered' });
    expect(data.extensions).toEqual(['1002', '1001']);
  });
});

describe('one-touch recordings and idempotency', () => {
  it('a one-touch recording started during the call is listed on the call and as an event', async () => {
    const uniqueid = await kit.place('01070000005', '1001');
    await kit.ctiAs('agent1', CTI.answer);
    const started = (await kit.ctiAs('agent1', '/one-touch-recording/otr.php')).json<{ recording: boolean; file: string }>();
    expect(started.recording).toBe(true);
    await kit.ctiAs('agent1', '/one-touch-recording/otr.php'); // stops it: not a second file
    await kit.farHangup(uniqueid);
    await kit.settle();
    const { data, events } = await showCall(kit, uniqueid);
    expect(data.one_touch_files).toEqual([started.file]);
    expect(events.filter((e) => e.type === 'one_touch_recording')).toEqual([expect.objectContaining({ extension: '1001', number: started.file })]);
  });

  it('every call is one row per uniqueid, however many events it had', async () => {
    const page = (await kit.call('manager', '/cti/calls/history', { per_page: 100 })).json<{ data: { uniqueid: string }[]; total: number }>();
    const ids = page.data.map((c) => c.uniqueid);
    expect(new Set(ids).size).toBe(ids.length);
    expect(page.total).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(8);
  });
});
