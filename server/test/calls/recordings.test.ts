import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { calls, companies } from '../../src/db/schema';
import { createDownloadTokenSigner } from '../../src/services/downloads/download-tokens';
import { RECORDING_TOKEN_PURPOSE, recordingTokenSigner } from '../../src/services/recordings/recording-tokens';
import { buildTestApp, loginAs } from '../helpers/build-test-app';
import { CTI, startCallKit, type CallKit } from './call-test-kit';

/**
 * The recording calls and the stream behind the two recording pop-ups: links with a short-lived,
 * single-purpose token (CONTRACT §3), a real WAV for the simulator, RECORDINGS_DIR for other PBXs.
 */
type Links = { file_name: string; url: string; download_url: string; expires_at: string };

let kit: CallKit;
let answered = '';
let unanswered = '';
let oneTouchFile = '';
let answeredBy1002 = '';
beforeAll(async () => {
  kit = await startCallKit();
  answered = await kit.place('01066660001', '1001');
  await kit.ctiAs('agent1', CTI.answer);
  oneTouchFile = (await kit.ctiAs('agent1', '/one-touch-recording/otr.php')).json<{ file: string }>().file;
  await kit.farHangup(answered);
  answeredBy1002 = await kit.place('01066660003', '1002');
  await kit.ctiAs('agent2', CTI.answer);
  await kit.farHangup(answeredBy1002);
  unanswered = await kit.place('01066660002', '1002');
  await kit.farHangup(unanswered);
  await kit.settle();
});
afterAll(async () => {
  await kit?.close();
});

const stream = (url: string, headers: Record<string, string> = {}) => kit.t.app.inject({ method: 'GET', url, headers });
const links = async (username: Parameters<CallKit['call']>[0], body: Record<string, unknown>) => {
  const response = await kit.call(username, '/cti/consultations/show-recording-file', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Links & { unique_id: string } }>().data;
};
const withToken = (url: string, token: string) => url.replace(/token=[^&]+/, `token=${encodeURIComponent(token)}`);

describe('show-recording-file and the stream', () => {
  it('answers play and download links; the stream is a WAV (RIFF…WAVE), inline or as an attachment', async () => {
    const data = await links('manager', { unique_id: answered, src: '010-6666-0001' });
    expect(data).toMatchObject({ unique_id: answered, file_name: expect.stringMatching(/\.wav$/) });
    expect(Date.parse(data.expires_at) - Date.now()).toBeGreaterThan(5 * 60_000);
    const played = await stream(data.url);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/wav');
    expect(played.headers['content-disposition']).toMatch(/^inline;/);
    expect(played.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(played.rawPayload.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(Number(played.headers['content-length'])).toBe(played.rawPayload.length);
    const downloaded = await stream(data.download_url);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment; filename="/);
  });

  it('serves byte ranges, as a player seeking asks for them', async () => {
    const data = await links('agent1', { unique_id: answered });
    const part = await stream(data.url, { range: 'bytes=0-11' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-11\/\d+$/);
    expect(part.rawPayload.toString('ascii', 8, 12)).toBe('WAVE');
  });

  it('refuses the stream without a token, with a bad, expired or other-purpose token, or an access token', async () => {
    const data = await links('manager', { unique_id: answered });
    const { access_token } = await loginAs(kit.t.app, 'manager');
    // The claims of a live login, so each refusal below is for the one reason it names.
    const claims = (await kit.t.app.accessTokens.verify(access_token))!;
    const sign = (ttl: number, purpose: string) => recordingTokenSigner(kit.t.config.jwtSecret, ttl).sign({ ...claims, purpose });
    expect((await stream(withToken(data.url, await sign(600, RECORDING_TOKEN_PURPOSE)))).statusCode).toBe(200);
    const exportToken = await createDownloadTokenSigner(kit.t.config.jwtSecret).sign({ ...claims, purpose: 'users/export' });
    const expired = await sign(-60, RECORDING_TOKEN_PURPOSE);
    expect((await stream(data.url.replace(/&?token=[^&]+/, ''))).statusCode).toBe(401);
    for (const token of ['nonsense', exportToken, expired, access_token]) {
      const refused = await stream(withToken(data.url, token));
      expect([401, 403], token).toContain(refused.statusCode);
      expect(refused.headers['content-type']).toMatch(/json/);
    }
  });

  it("a token opens only files of calls its holder may see, and only the call's own files", async () => {
    const ofAgent1 = await links('agent1', { unique_id: answered });
    const ofAgent2 = await links('agent2', { unique_id: answeredBy1002 });
    const tokenOf = (url: string) => new URL(url, 'http://app').searchParams.get('token')!;
    expect((await stream(withToken(ofAgent1.url, tokenOf(ofAgent2.url)))).statusCode).toBe(404);
    expect((await stream(withToken(ofAgent2.url, tokenOf(ofAgent1.url)))).statusCode).toBe(404);
    expect((await stream(ofAgent1.url.replace(/file=[^&]+/, 'file=..%2F..%2Fetc%2Fpasswd'))).statusCode).toBe(404);
    expect((await stream(ofAgent1.url.replace(/file=[^&]+/, `file=${encodeURIComponent(ofAgent2.file_name)}`))).statusCode).toBe(404);
  });

  it('answers 404 for an unanswered call, parties that do not match, a call the agent may not see', async () => {
    const none = await kit.call('manager', '/cti/consultations/show-recording-file', { unique_id: unanswered });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('There is no recording for this call.');
    expect((await kit.call('manager', '/cti/consultations/show-recording-file', { unique_id: answered, src: '01000000000' })).statusCode).toBe(404);
    expect((await kit.call('agent2', '/cti/consultations/show-recording-file', { unique_id: answered })).statusCode).toBe(404);
    expect((await kit.call('manager', '/cti/consultations/show-recording-file', {})).statusCode).toBe(422);
  });
});

describe('show-one-touch-recording-file', () => {
  it('lists the one-touch recordings with their own links', async () => {
    const response = await kit.call('agent1', '/cti/consultations/show-one-touch-recording-file', { unique_id: answered, src: '01066660001' });
    expect(response.statusCode, response.body).toBe(200);
    const [file, ...rest] = response.json<{ data: Links[] }>().data;
    expect(rest).toEqual([]);
    expect(file!.file_name).toBe(oneTouchFile);
    const played = await stream(file!.url);
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.toString('ascii', 0, 4)).toBe('RIFF');
  });

  it('answers 404 when the call has none', async () => {
    expect((await kit.call('manager', '/cti/consultations/show-one-touch-recording-file', { unique_id: unanswered })).statusCode).toBe(404);
  });
});

describe('recordings of other PBXs come from RECORDINGS_DIR', () => {
  it('serves the stored file; a missing file is "no recording"', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'callcentre-recordings-'));
    const t = await buildTestApp({ config: { recordingsDir: dir } });
    try {
      const [acme] = await t.db.update(companies).set({ ctiServer: 'http://127.0.0.1:9/cti' }).where(eq(companies.name, 'Acme Support')).returning();
      const stored = 'stored-2001-0101-1700000000.1.wav';
      await t.db.insert(calls).values([
        { companyId: acme!.id, uniqueid: '1700000000.1', direction: 'inbound', callerNumber: '0101', calleeNumber: '2001', extension: '2001', extensions: ['2001'], startedAt: new Date(), answeredAt: new Date(), endedAt: new Date(), disposition: 'answered', recordingFile: stored },
        { companyId: acme!.id, uniqueid: '1700000000.2', direction: 'inbound', callerNumber: '0102', calleeNumber: '2001', extension: '2001', extensions: ['2001'], startedAt: new Date(), answeredAt: new Date(), endedAt: new Date(), disposition: 'answered', recordingFile: 'gone.wav' },
      ]);
      await writeFile(path.join(dir, stored), Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '));
      const { access_token } = await loginAs(t.app, 'acme-manager');
      const ask = (uniqueid: string) =>
        t.app.inject({ method: 'POST', url: '/api/v1/cti/consultations/show-recording-file', headers: { authorization: `Bearer ${access_token}` }, payload: { unique_id: uniqueid } });
      const found = await ask('1700000000.1');
      expect(found.statusCode, found.body).toBe(200);
      const played = await t.app.inject({ method: 'GET', url: found.json().data.url });
      expect(played.rawPayload.toString('ascii', 8, 12)).toBe('WAVE');
      expect((await ask('1700000000.2')).statusCode).toBe(404);
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
