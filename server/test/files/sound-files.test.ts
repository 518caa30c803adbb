import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { entityFiles } from '../../src/db/schema';
import { generatedWav } from '../../src/services/recordings/wav';
import { buildTestApp, loginAs, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller, type DemoUser } from '../resources/resource-test-helpers';
import { cbrMp3, framesMs, vbrMp3 } from './mp3-frames';

/**
 * Sound files (CONTRACT §10) and, through them, file fields (docs/resources.md "File fields"): multipart
 * store, MP3 by content, the §5 name rule, the size cap, durations from the frames, the stream with range
 * requests and its token, company scoping and removal with the record.
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
/** lame 3.100, 2.000 s of 440 Hz at 16 kHz mono: `-b 24 -t` (CBR, no Xing/Info tag, no ID3). */
const LAME_CBR = fixture('tone-cbr.mp3');
/** lame 3.100, the same tone: `-V 9 --add-id3v2` (VBR: ID3v2 tag, Xing header with LAME's delay and padding). */
const LAME_VBR_ID3 = fixture('tone-vbr-id3.mp3');

const TYPE_MESSAGE = "Sound files must be MP3: this file's content is not MP3, whatever its name says.";
const NAME_MESSAGE =
  "The file name must be in English letters: A–Z, a–z, digits, spaces, '.', '_' and '-' only, starting with a letter or digit and ending in .mp3 (at most 100 characters).";

let t: TestApp;
let call: Caller;
const tokens = new Map<DemoUser, string>();
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  for (const username of ['manager', 'acme-manager', 'agent2'] as const) tokens.set(username, (await loginAs(t.app, username)).access_token);
});
afterAll(async () => {
  await t?.close();
});

function send(path: string, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }, options: { as?: DemoUser; language?: string } = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'audio/mpeg' }), file.name);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${path}`,
    headers: {
      authorization: `Bearer ${tokens.get(options.as ?? 'manager')}`,
      accept: 'application/json',
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    payload: form,
  });
}

const upload = (fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }, options: { as?: DemoUser; language?: string } = {}) =>
  send('sound-file/store', fields, file, options);

interface SoundFile {
  id: number;
  name: string;
  file: { name: string; size: number; type: string } | null;
  file_name: string;
  duration_ms: number | null;
  extension: string;
}

async function stored(bytes: Uint8Array, name = 'greeting.mp3', fields: Record<string, string> = { name: 'Greeting' }): Promise<SoundFile> {
  const response = await upload(fields, { bytes, name });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<SoundFile>(response);
}

async function playToken(id: number, as: DemoUser = 'manager'): Promise<LightMyRequestResponse> {
  return call(as, '/download-token', { purpose: 'sound-file/play', params: { id } });
}

async function play(id: number, token: string, range?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/api/v1/sound-file/${id}/play?token=${encodeURIComponent(token)}`, headers: range ? { range } : {} });
}

describe('uploading sound files (multipart, MP3 by content)', () => {
  it('stores an MP3 with an ID3 tag: name, file name, size, type and the duration from its Xing header less LAME’s delay and padding', async () => {
    const record = await stored(LAME_VBR_ID3, 'Tone VBR_1.mp3', { name: 'Opening hours', extension: '1001' });
    expect(record).toMatchObject({
      name: 'Opening hours',
      file_name: 'Tone VBR_1.mp3',
      file: { name: 'Tone VBR_1.mp3', size: LAME_VBR_ID3.length, type: 'audio/mpeg' },
      extension: '1001',
    });
    expect(Math.abs(record.duration_ms! - 2000)).toBeLessThanOrEqual(3);
    expect(dataOf(await call('manager', '/sound-file/view', { id: record.id }))).toEqual(record);
  });

  it('stores an MP3 without any tag (CBR): the duration is its frames counted, 58 × 576 samples at 16 kHz', async () => {
    const record = await stored(LAME_CBR, 'tone-cbr.mp3');
    expect(record.duration_ms).toBe(2088);
  });

  it.each([
    ['CBR, 128 kbit/s', cbrMp3(100), framesMs(100)],
    ['CBR with an ID3 tag', cbrMp3(77, { id3: true, kbps: 64 }), framesMs(77)],
    ['VBR with a Xing header', vbrMp3(150), framesMs(150)],
    ['VBR without a header (frames walked)', vbrMp3(150, { xing: false, id3: true }), framesMs(150)],
    ['CBR at 32 kHz', cbrMp3(60, { sampleRate: 32000, kbps: 32 }), framesMs(60, 32000)],
  ])('reads the duration of a generated %s MP3 within 2 ms', async (_label, bytes, expected) => {
    const record = await stored(bytes);
    expect(Math.abs(record.duration_ms! - expected)).toBeLessThanOrEqual(2);
  });

  it('refuses a WAV renamed .mp3 with the §5 message, in English and in Korean, and stores nothing', async () => {
    const before = (await t.db.select().from(entityFiles)).length;
    const wav = generatedWav(2);
    const english = await upload({ name: 'Not an MP3' }, { bytes: wav, name: 'greeting.mp3', type: 'audio/mpeg' });
    expect(english.statusCode).toBe(422);
    expect(english.json().errors).toEqual({ file: [TYPE_MESSAGE] });
    const korean = await upload({ name: 'Not an MP3' }, { bytes: wav, name: 'greeting.mp3' }, { language: 'ko' });
    expect(korean.json().errors.file).toEqual(['음원 파일은 MP3여야 합니다. 이 파일은 이름과 달리 내용이 MP3가 아닙니다.']);
    // Text, a PNG and a few bytes of sync pattern are not MP3s either.
    for (const bytes of [Buffer.from('hello world, this is text'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from([0xff, 0xfb, 0x90, 0xc0, 1, 2, 3])]) {
      expect((await upload({ name: 'x' }, { bytes, name: 'x.mp3' })).json().errors).toEqual({ file: [TYPE_MESSAGE] });
    }
    expect((await t.db.select().from(entityFiles)).length).toBe(before);
  });

  it.each(['안내 방송.mp3', 'café.mp3', 'greeting.wav', 'greeting', '.mp3', 'greeting.mp3.wav', `${'a'.repeat(97)}.mp3`])('refuses the file name %j (§5: English letters)', async (name) => {
    const response = await upload({ name: 'Greeting' }, { bytes: cbrMp3(10), name });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: [NAME_MESSAGE] });
  });

  it.each(['Greeting 2.MP3', 'a.mp3', 'IVR_main-menu.v2.mp3', `${'a'.repeat(96)}.mp3`])('takes the file name %j', async (name) => {
    expect((await stored(cbrMp3(10), name)).file_name).toBe(name);
  });

  it('keeps only the last part of a name with a path, as the multipart parser reads it', async () => {
    expect((await stored(cbrMp3(10), '../../etc/passwd.mp3')).file_name).toBe('passwd.mp3');
  });

  it('refuses a file over 10 MB, saying so, without reading it all', async () => {
    const big = Buffer.concat([cbrMp3(10), Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload({ name: 'Too long' }, { bytes: big, name: 'long.mp3' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: ['A sound file can be at most 10 MB.'] });
  });

  it('needs a name and a file (store); JSON or a text field instead of a file is refused', async () => {
    const none = await upload({});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ name: ['Please enter a name.'], file: ['Choose an MP3 file to upload.'] });
    const json = await call('manager', '/sound-file/store', { name: 'x', file: 'greeting.mp3' });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ file: ['Send the file itself, as a multipart upload.'] });
    const text = await upload({ name: 'x', file: 'AAAA' });
    expect(text.json().errors).toEqual({ file: ['Send the file itself, as a multipart upload.'] });
    const twoFiles = new FormData();
    twoFiles.append('name', 'x');
    twoFiles.append('file', new Blob([new Uint8Array(cbrMp3(5))]), 'a.mp3');
    twoFiles.append('other', new Blob([new Uint8Array(cbrMp3(5))]), 'b.mp3');
    const other = await t.app.inject({ method: 'POST', url: '/api/v1/sound-file/store', headers: { authorization: `Bearer ${tokens.get('manager')}` }, payload: twoFiles });
    expect(other.statusCode).toBe(422);
  });

  it('updates without a file (JSON) keeping the stored one, and with a new file replacing it and its duration', async () => {
    const record = await stored(cbrMp3(100));
    const renamed = await call('manager', '/sound-file/update', { id: record.id, name: 'Renamed', extension: '1002' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(dataOf(renamed)).toMatchObject({ name: 'Renamed', file_name: record.file_name, duration_ms: record.duration_ms, file: record.file });
    const replaced = await send('sound-file/update', { id: String(record.id), name: 'Renamed', extension: '1002' }, { bytes: cbrMp3(200), name: 'longer.mp3' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(dataOf<SoundFile>(replaced)).toMatchObject({ file_name: 'longer.mp3', extension: '1002' });
    expect(dataOf<SoundFile>(replaced).duration_ms).toBe(Math.round(framesMs(200)));
    const token = (await playToken(record.id)).json().token;
    expect((await play(record.id, token)).rawPayload.equals(cbrMp3(200))).toBe(true);
    const refused = await send('sound-file/update', { id: String(record.id), name: 'Renamed' }, { bytes: generatedWav(1), name: 'x.mp3' });
    expect(refused.json().errors).toEqual({ file: [TYPE_MESSAGE] });
  });

  it('is described in OpenAPI as multipart with the file as binary', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const store = document.paths['/api/v1/sound-file/store'].post;
    expect(Object.keys(store.requestBody.content)).toEqual(['multipart/form-data']);
    expect(store.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({ format: 'binary' });
    expect(Object.keys(document.paths['/api/v1/sound-file/update'].post.requestBody.content)).toEqual(['multipart/form-data', 'application/json']);
    expect(document.paths['/api/v1/sound-file/{id}/play'].get).toBeDefined();
  });
});

describe('playing sound files (GET sound-file/{id}/play)', () => {
  it('streams the file with its type, and byte ranges as 206 with Content-Range', async () => {
    const record = await stored(LAME_VBR_ID3);
    const issued = await playToken(record.id);
    expect(issued.statusCode, issued.body).toBe(200);
    // A player seeks again and again: the token lives 10 minutes.
    expect(issued.json().expires_in).toBe(600);
    const { token } = issued.json();

    const whole = await play(record.id, token);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe(String(LAME_VBR_ID3.length));
    expect(whole.headers['content-disposition']).toContain('inline');
    expect(whole.rawPayload.equals(LAME_VBR_ID3)).toBe(true);

    const part = await play(record.id, token, 'bytes=100-1099');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${LAME_VBR_ID3.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(LAME_VBR_ID3.subarray(100, 1100))).toBe(true);

    const open = await play(record.id, token, 'bytes=3000-');
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(LAME_VBR_ID3.subarray(3000))).toBe(true);
    const suffix = await play(record.id, token, 'bytes=-10');
    expect(suffix.headers['content-range']).toBe(`bytes ${LAME_VBR_ID3.length - 10}-${LAME_VBR_ID3.length - 1}/${LAME_VBR_ID3.length}`);
    expect(suffix.rawPayload.equals(LAME_VBR_ID3.subarray(-10))).toBe(true);
  });

  it('needs a play token bound to that file: none 401, another file’s 403, an export’s or an access token 401/403', async () => {
    const first = await stored(cbrMp3(10));
    const second = await stored(cbrMp3(20));
    const firstToken = (await playToken(first.id)).json().token;
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/sound-file/${first.id}/play` })).statusCode).toBe(401);
    expect((await play(second.id, firstToken)).statusCode).toBe(403);
    expect((await play(first.id, tokens.get('manager')!)).statusCode).toBe(401);
    const exportToken = (await call('manager', '/download-token', { purpose: 'blacklist-export', params: { id: first.id } })).json().token;
    expect((await play(first.id, exportToken)).statusCode).toBe(403);
    expect((await play(first.id, firstToken)).statusCode).toBe(200);
  });

  it('answers 404 for another company’s file, which it never lists; an agent without the permission gets no token', async () => {
    const demo = await stored(cbrMp3(10));
    const acmeToken = await playToken(demo.id, 'acme-manager');
    expect(acmeToken.statusCode).toBe(200);
    expect((await play(demo.id, acmeToken.json().token)).statusCode).toBe(404);
    expect((await call('acme-manager', '/sound-file/view', { id: demo.id })).statusCode).toBe(404);
    const listed = (await call('acme-manager', '/sound-file', {})).json().data.map((r: { id: number }) => r.id);
    expect(listed).not.toContain(demo.id);
    expect((await playToken(demo.id, 'agent2')).statusCode).toBe(403);
  });

  it('removes the stored file with its record: the play answers 404 and no bytes are left', async () => {
    const record = await stored(cbrMp3(30));
    const token = (await playToken(record.id)).json().token;
    const where = and(eq(entityFiles.entity, 'sound-file'), eq(entityFiles.recordId, record.id));
    expect(await t.db.select({ id: entityFiles.id }).from(entityFiles).where(where)).toHaveLength(1);
    expect((await call('manager', `/sound-file/delete/${record.id}`)).statusCode).toBe(200);
    expect(await t.db.select({ id: entityFiles.id }).from(entityFiles).where(where)).toHaveLength(0);
    expect((await play(record.id, token)).statusCode).toBe(404);
  });

  it('lists the sound files of one extension (the sound-files/{extension} pop-up) and every file for pickers', async () => {
    const mine = await stored(cbrMp3(10), 'mine.mp3', { name: 'Extension 1003 greeting', extension: '1003' });
    const page = (await call('manager', '/sound-file/list', { extension: '1003', per_page: 100 })).json();
    expect(page.data.map((r: SoundFile) => r.id)).toEqual([mine.id]);
    const all = (await call('manager', '/sound-file', { search: 'Extension 1003' })).json();
    expect(all.data.map((r: SoundFile) => r.id)).toEqual([mine.id]);
  });
});
