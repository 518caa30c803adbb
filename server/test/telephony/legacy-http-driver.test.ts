// The legacy-http driver against a local stand-in for an existing CTI server on 127.0.0.1.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TelephonyDriver } from '../../src/telephony/driver';
import { LegacyHttpDriver } from '../../src/telephony/legacy-http/legacy-http-driver';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  body: string;
  contentType: string | undefined;
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
/** What the fake server answers, by path; default `{ result: 'success' }`. */
let answers: Record<string, { status?: number; body: unknown }> = {};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: await readBody(req),
      contentType: req.headers['content-type'],
    });
    if (url.pathname.startsWith('/slow/')) return; // never answers
    const answer = answers[url.pathname] ?? { body: { result: 'success' } };
    res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json' });
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  answers = {};
});

const driver = () => new LegacyHttpDriver({ baseUrl, timeoutMs: 500 });
const last = () => seen.at(-1);

describe('legacy-http driver', () => {
  it('forwards each command to the specification\'s path with its query', async () => {
    const d = driver();
    const cases: [() => Promise<unknown>, string, Record<string, string>][] = [
      [() => d.dndOn('1001', 21), '/cti_api/index.php/dndOn', { extension: '1001', option: '21' }],
      [() => d.dndOff('1001'), '/cti_api/index.php/dndOff', { extension: '1001' }],
      [() => d.transfer('1001', '010-1234-5678'), '/cti_api/index.php/transfer', { extension: '1001', number: '01012345678' }],
      [() => d.unTransfer('1001'), '/cti_api/index.php/unTransfer', { extension: '1001' }],
      [() => d.answer('1001'), '/cti_api/index.php/answer', { extension: '1001' }],
      [() => d.blindTransfer('1001', '1002'), '/cti_api/index.php/blindTransfer', { extension: '1001', number: '1002' }],
      [() => d.attendedTransfer('1001', '1002'), '/cti_api/index.php/attendedTransfer', { extension: '1001', number: '1002' }],
      [() => d.listen('1000', '1001'), '/cti_api/index.php/listen', { extension: '1000', target: '1001' }],
      [() => d.whisper('1000', '1001'), '/cti_api/index.php/whisper', { extension: '1000', target: '1001' }],
      [() => d.hangup('1001'), '/hangup/hangup.php', { extension: '1001' }],
      [() => d.hangup('1001', 'SIP/1001-0000002a'), '/hangup/hangup-with-channel.php', { extension: '1001', channel: 'SIP/1001-0000002a' }],
      [() => d.playSound('1001', 'SIP/1001-0000002a'), '/playsound/sound.php', { extension: '1001', channel: 'SIP/1001-0000002a' }],
    ];
    for (const [run, path, query] of cases) {
      await run();
      expect(last()).toMatchObject({ method: 'GET', path, query });
    }
  });

  it('parses load, checkTransfer, dial, click-to-call, get_channel and one-touch recording', async () => {
    answers = {
      '/cti_api/index.php/load': { body: { status: '11', exten_status: 51 } },
      '/cti_api/index.php/checkTransfer': { body: { transfer: true, number: '01099990000' } },
      '/cti_api/index.php/dial': { body: { uniqueid: 1732345678.12 } },
      '/clicktocall/click_ziotes.php': { body: { uniqueid: '1732345678.13' } },
      '/clicktocall/get_channel.php': { body: { channel: 'SIP/1001-0000002a' } },
      '/one-touch-recording/otr.php': { body: { recording: '1', file: 'otr.wav' } },
    };
    const d = driver();
    expect(await d.load('1001')).toEqual({ status: 11, exten_status: 51 });
    expect(await d.register('1001')).toEqual({ status: 11, exten_status: 51 });
    expect(await d.checkTransfer('1001')).toEqual({ transfer: true, number: '01099990000' });
    expect(await d.dial('1001', '0299990000')).toEqual({ uniqueid: '1732345678.12' });
    expect(last()?.query).toEqual({ extension: '1001', number: '0299990000' });
    expect(await d.clickToCall('1001', '0299990000')).toEqual({ uniqueid: '1732345678.13' });
    expect(last()?.path).toBe('/clicktocall/click_ziotes.php');
    expect(await d.getChannel('1001')).toEqual({ channel: 'SIP/1001-0000002a' });
    expect(await d.oneTouchRecording('1001')).toEqual({ recording: true, file: 'otr.wav' });
  });

  it('posts queueReset as a form and the extension list as JSON', async () => {
    const d = driver();
    await d.queueReset('500');
    expect(last()).toMatchObject({ method: 'POST', path: '/cti_api/index.php/queueReset', body: 'queue=500', contentType: 'application/x-www-form-urlencoded' });
    await d.saveExtensions([{ number: '1001', name: 'Agent One' }]);
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/users/save-extensions', contentType: 'application/json' });
    expect(JSON.parse(last()?.body ?? '')).toEqual({ extensions: [{ number: '1001', name: 'Agent One' }] });
  });

  it('turns the remote server\'s failures into typed errors', async () => {
    answers = {
      '/cti_api/index.php/load': { status: 500, body: { error: true, message: 'db down' } },
      '/cti_api/index.php/answer': { body: 'not json' },
      '/cti_api/index.php/dndOff': { body: { error: true, message: 'CTI is not logged in' } },
    };
    const d = driver();
    await expect(d.load('1001')).rejects.toMatchObject({ code: 'pbx_error', message: expect.stringContaining('db down') });
    await expect(d.answer('1001')).rejects.toMatchObject({ code: 'pbx_error' });
    await expect(d.dndOff('1001')).rejects.toMatchObject({ code: 'pbx_error' });
    const slow = new LegacyHttpDriver({ baseUrl: `${baseUrl}slow`, timeoutMs: 100 });
    await expect(slow.load('1001')).rejects.toMatchObject({ code: 'pbx_timeout' });
    const nobody = new LegacyHttpDriver({ baseUrl: 'http://127.0.0.1:1' });
    await expect(nobody.load('1001')).rejects.toMatchObject({ code: 'pbx_unavailable' });
  });

  it('validates before sending anything', async () => {
    const d = driver();
    await expect(d.dial('1001', '02&extension=1002')).rejects.toMatchObject({ code: 'invalid_number' });
    await expect(d.load('10 01')).rejects.toMatchObject({ code: 'unknown_extension' });
    await expect(d.dndOn('1001', 5 as never)).rejects.toMatchObject({ code: 'invalid_option' });
    await expect(d.hangup('1001', 'SIP/1001\r\nx')).rejects.toMatchObject({ code: 'no_call' });
    await expect(d.hold('1001')).rejects.toMatchObject({ code: 'unsupported' });
    expect(seen).toEqual([]);
    expect(() => new LegacyHttpDriver({ baseUrl: 'file:///etc/passwd' })).toThrow(expect.objectContaining({ code: 'invalid_config' }));
  });

  it('has no event stream of its own', async () => {
    const d = driver();
    const listener = vi.fn();
    const unsubscribe = d.subscribe(listener);
    await d.answer('1001');
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
    const asDriver: TelephonyDriver = d;
    expect(asDriver.simulator).toBeUndefined();
  });
});
