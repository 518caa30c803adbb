import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { cti, tokensFor, type Query } from './cti-helpers';

/**
 * Every path of the built-in CTI server for agent1 on 1001, answering the shapes of CONTRACT §7, with
 * the built-in PBX (simulator) behind it. Calls come in through the simulator controls.
 */

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await tokensFor(t.app, ['manager', 'agent1', 'agent2']);
});
afterAll(async () => {
  await t?.close();
});

const as = (username: string) => (path: string, query: Query = {}, method: 'GET' | 'POST' = 'GET') =>
  cti(t.app, path, { method, query, token: tokens[username] });
const agent1 = (path: string, query: Query = {}, method: 'GET' | 'POST' = 'GET') => as('agent1')(path, { extension: '1001', ...query }, method);
const agent2 = (path: string, query: Query = {}) => as('agent2')(path, { extension: '1002', ...query });
const api = (action: string) => `/cti_api/index.php/${action}`;
const success = { result: 'success' };

type Answer = Promise<{ statusCode: number; json(): unknown; body: string }>;

/** A 200 whose JSON is returned for further checks. */
async function answered(response: Answer): Promise<Record<string, unknown>> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Record<string, unknown>;
}

/** A 200 answering exactly `expected` (by default `{ result: 'success' }`). */
async function ok(response: Answer, expected: unknown = success): Promise<void> {
  expect(await answered(response)).toEqual(expected);
}

async function placeCall(from: string, to: string): Promise<string> {
  const response = await cti(t.app, '/simulator/calls', { method: 'POST', token: tokens.manager, body: { from, to } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().uniqueid as string;
}

describe('agent1 on 1001', () => {
  it('dbCon answers success', async () => {
    await ok(agent1(api('dbCon')));
  });

  it("load: the agent's own load signs the extension in on the built-in PBX (51, available)", async () => {
    await ok(agent1(api('load')), { status: 0, exten_status: 51 });
    await ok(agent2(api('load')), { status: 0, exten_status: 51 });
  });

  it('dndOn with each option, then dndOff; load reports the state', async () => {
    for (const option of [1, 11, 21, 31]) {
      await ok(agent1(api('dndOn'), { option: String(option) }));
      const { status } = await answered(agent1(api('load')));
      expect(status).toBe(option === 1 ? 2 : option);
    }
    await ok(agent1(api('dndOff')));
    await ok(agent1(api('load')), { status: 0, exten_status: 51 });
  });

  it('transfer (call forwarding), checkTransfer, unTransfer', async () => {
    await ok(agent1(api('transfer'), { number: '01099998888' }));
    await ok(agent1(api('checkTransfer')), { transfer: true, number: '01099998888' });
    await ok(agent1(api('unTransfer')));
    await ok(agent1(api('checkTransfer')), { transfer: false, number: '' });
  });

  it('dial answers a uniqueid; get_channel names the channel; hangup ends it', async () => {
    const dial = await answered(agent1(api('dial'), { number: '01012345678' }));
    expect(dial).toEqual({ result: 'success', uniqueid: expect.stringMatching(/^\d+\.\d+$/) });
    const { channel } = await answered(agent1('/clicktocall/get_channel.php'));
    expect(channel).toMatch(/^SIP\/1001-[0-9a-f]{8}$/);
    await ok(agent1(api('hangup')));
    await ok(agent1('/clicktocall/get_channel.php'), { channel: null });
  });

  it('click-to-call answers a uniqueid; hangup.php ends it', async () => {
    const call = await answered(agent1('/clicktocall/click_ziotes.php', { number: '1002' }));
    expect(call).toEqual({ result: 'success', uniqueid: expect.any(String) });
    await ok(agent1('/hangup/hangup.php'));
  });

  it('an inbound call: answer, one-touch recording, playsound, hold/unhold, hangup-with-channel', async () => {
    await placeCall('01055550001', '1001');
    await ok(agent1(api('answer')));
    const recording = await answered(agent1('/one-touch-recording/otr.php'));
    expect(recording).toEqual({ result: 'success', recording: true, file: expect.stringMatching(/\.wav$/) });
    expect(await answered(agent1('/one-touch-recording/otr.php'))).toMatchObject({ recording: false });
    await ok(agent1('/playsound/sound.php'));
    await ok(agent1(api('hold')));
    await ok(agent1(api('unhold')));
    const { channel } = await answered(agent1('/clicktocall/get_channel.php'));
    await ok(agent1('/hangup/hangup-with-channel.php', { channel: String(channel) }));
    await ok(agent1('/clicktocall/get_channel.php'), { channel: null });
  });

  it('blind transfer to 1002', async () => {
    await placeCall('01055550001', '1001');
    await ok(agent1(api('answer')));
    await ok(agent1(api('blindTransfer'), { number: '1002' }));
    await ok(agent2(api('answer')));
    await ok(agent2(api('hangup')));
  });

  it('attended transfer: consult 1002, then complete', async () => {
    await placeCall('01055550002', '1001');
    await ok(agent1(api('answer')));
    await ok(agent1(api('attendedTransfer'), { number: '1002' }));
    await ok(agent2(api('answer')));
    await ok(agent1(api('attendedTransfer'), { number: '1002' }));
    const { channel } = await answered(agent2('/clicktocall/get_channel.php'));
    expect(channel).toMatch(/^SIP\/1002-/);
    await ok(agent2(api('hangup')));
  });

  it('queueReset (the one POST) answers success; an unknown queue 404', async () => {
    await ok(agent1(api('queueReset'), { queue: '500' }, 'POST'));
    // As the specification's old server took it: a form field.
    const form = await t.app.inject({
      method: 'POST',
      url: `/cti${api('queueReset')}?extension=1001`,
      headers: { authorization: `Bearer ${tokens.agent1}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'queue=500',
    });
    expect(form.json()).toEqual(success);
    const unknown = await agent1(api('queueReset'), { queue: '599' }, 'POST');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: true, message: 'That queue does not exist.' });
  });
});

describe('manager supervision', () => {
  it('listen and whisper to 1001 on a call', async () => {
    const manager = as('manager');
    await ok(manager(api('load'), { extension: '1000' }), { status: 0, exten_status: 51 });
    const uniqueid = await placeCall('01055550001', '1001');
    await ok(agent1(api('answer')));
    await ok(manager(api('listen'), { extension: '1000', target: '1001' }));
    await ok(manager(api('hangup'), { extension: '1000' }));
    await ok(manager(api('whisper'), { extension: '1000', target: '1001' }));
    await ok(manager(api('hangup'), { extension: '1000' }));
    await ok(cti(t.app, `/simulator/calls/${uniqueid}/hangup`, { method: 'POST', token: tokens.manager }));
  });
});

describe('telephony errors (CONTRACT §3 envelope)', () => {
  it('not logged in: 409 "CTI is not logged in."', async () => {
    const response = await as('manager')(api('dial'), { extension: '1003', number: '01012345678' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: true, message: 'CTI is not logged in.' });
  });

  it('nothing to answer: 409', async () => {
    const response = await agent1(api('answer'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: true, message: 'There is no call to do that with.' });
  });

  it('busy destination: 409', async () => {
    await ok(agent2(api('dndOn'), { option: '1' }));
    const response = await agent1(api('dial'), { number: '1002' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The line is busy or cannot take the call.');
    await ok(agent2(api('dndOff')));
  });

  it('dialling yourself: 422 on the number field', async () => {
    const response = await agent1(api('dial'), { number: '1001' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['number']);
  });

  it('answers telephony errors in Korean for Accept-Language ko', async () => {
    const refused = await cti(t.app, api('answer'), { query: { extension: '1001' }, token: tokens.agent1, language: 'ko' });
    expect(refused.json()).toEqual({ error: true, message: '처리할 통화가 없습니다.' });
  });
});
