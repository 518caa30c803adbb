import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createCtiClient, type CtiClient } from './cti-client';

interface Answer {
  status: number;
  data: unknown;
}

/** A transport that records each request and answers from a table keyed by path. */
function fakeServer(answers: Record<string, Answer> = {}) {
  const requests: { method: string; url: string; params: Record<string, unknown>; auth: string | undefined }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = `${config.baseURL ?? ''}${config.url ?? ''}`;
    const headers = AxiosHeaders.from(config.headers);
    requests.push({
      method: (config.method ?? 'get').toUpperCase(),
      url,
      params: (config.params ?? {}) as Record<string, unknown>,
      auth: headers.get('Authorization')?.toString(),
    });
    const answer = answers[config.url ?? ''] ?? { status: 200, data: { result: 'success' } };
    const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
    if (answer.status >= 400) throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  return { adapter, requests };
}

function client(server: ReturnType<typeof fakeServer>, extra: { on401?: (t: string | null) => void } = {}): CtiClient {
  return createCtiClient({
    baseUrl: 'http://pbx.test/cti/',
    extension: '1001',
    getToken: () => 'tok-1',
    adapter: server.adapter,
    ...extra,
  });
}

describe('createCtiClient', () => {
  it('sends every index.php command as GET with extension, bearer token and its own parameter', async () => {
    const server = fakeServer();
    const cti = client(server);
    await cti.dndOn(21);
    await cti.dndOff();
    await cti.transfer('01012345678');
    await cti.unTransfer();
    await cti.dial('01055550001');
    await cti.blindTransfer('1002');
    await cti.attendedTransfer('1003');
    await cti.listen('1002');
    await cti.whisper('1002');
    await cti.hangup();
    await cti.answer();
    await cti.dbCon();

    expect(server.requests.map((r) => [r.method, r.url, r.params])).toEqual([
      ['GET', 'http://pbx.test/cti/cti_api/index.php/dndOn', { extension: '1001', option: 21 }],
      ['GET', 'http://pbx.test/cti/cti_api/index.php/dndOff', { extension: '1001' }],
      ['GET', 'http://pbx.test/cti/cti_api/index.php/transfer', { extension: '1001', number: '01012345678' }],
      ['GET', 'http://pbx.test/cti/cti_api/index.php/unTransfer', { extension: '1001' }],
      ['GET', 'http://pbx.test/cti/cti_api/index.php/dial', { extension: '1001', number: '01055550001' }],
      ['GET', 'http://pbx.test/cti/cti_api/index.php/blindTransfer', { extension: '1001', number: '1002' }],
      ['GET', 'http://pbx.test/cti/cti_api/index.php/attendedTransfer', { extension: '1001', number: '1003' }],
      ['GET', 'http://pbx.test/cti/cti_api/index.php/listen', { extension: '1001', target: '1002' }],
      ['GET', 'http://pbx.test/cti/cti_api/index.php/whisper', { extension: '1001', target: '1002' }],
      ['GET', 'http://pbx.test/cti/cti_api/index.php/hangup', { extension: '1001' }],
      ['GET', 'http://pbx.test/cti/cti_api/index.php/answer', { extension: '1001' }],
      ['GET', 'http://pbx.test/cti/cti_api/index.php/dbCon', { extension: '1001' }],
    ]);
    expect(server.requests.every((r) => r.auth === 'Bearer tok-1')).toBe(true);
  });

  it('sends queueReset as the only POST, with the queue as a query parameter', async () => {
    const server = fakeServer();
    await client(server).queueReset('500');
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      url: 'http://pbx.test/cti/cti_api/index.php/queueReset',
      params: { extension: '1001', queue: '500' },
    });
  });

  it('reaches the PHP pages outside index.php', async () => {
    const server = fakeServer();
    const cti = client(server);
    await cti.playSound('SIP/1001-0001');
    await cti.hangupExtension();
    await cti.hangupWithChannel('SIP/1001-0001');
    await cti.clickToCall('01055550002');
    await cti.getChannel();
    await cti.oneTouchRecording();
    expect(server.requests.map((r) => [r.url.replace('http://pbx.test/cti', ''), r.params])).toEqual([
      ['/playsound/sound.php', { extension: '1001', channel: 'SIP/1001-0001' }],
      ['/hangup/hangup.php', { extension: '1001' }],
      ['/hangup/hangup-with-channel.php', { extension: '1001', channel: 'SIP/1001-0001' }],
      ['/clicktocall/click_ziotes.php', { extension: '1001', number: '01055550002' }],
      ['/clicktocall/get_channel.php', { extension: '1001' }],
      ['/one-touch-recording/otr.php', { extension: '1001' }],
    ]);
  });

  it('normalises load, checkTransfer, getChannel and recording answers', async () => {
    const server = fakeServer({
      '/cti_api/index.php/load': { status: 200, data: '{"status":"21","exten_status":51}' },
      '/cti_api/index.php/checkTransfer': { status: 200, data: { transfer: true, number: 1099 } },
      '/clicktocall/get_channel.php': { status: 200, data: { channel: '' } },
      '/one-touch-recording/otr.php': { status: 200, data: { result: 'success', recording: true } },
      '/cti_api/index.php/dial': { status: 200, data: { result: 'success', uniqueid: '1700000000.42' } },
    });
    const cti = client(server);
    await expect(cti.load()).resolves.toEqual({ status: 21, exten_status: 51 });
    await expect(cti.checkTransfer()).resolves.toEqual({ transfer: true, number: '1099' });
    await expect(cti.getChannel()).resolves.toEqual({ channel: null });
    await expect(cti.oneTouchRecording()).resolves.toEqual({ recording: true });
    await expect(cti.dial('01055550001')).resolves.toEqual({ result: 'success', uniqueid: '1700000000.42' });
    await expect(cti.clickToCall('01055550001')).resolves.toEqual({ result: 'success', uniqueid: null });
  });

  it('rejects with { status, message } and reports a 401 with the token it carried', async () => {
    const on401 = vi.fn();
    const server = fakeServer({
      '/cti_api/index.php/answer': { status: 401, data: { error: true, message: 'Unauthenticated' } },
      '/cti_api/index.php/listen': { status: 403, data: { error: true, message: 'Managers only' } },
      '/cti_api/index.php/dial': { status: 200, data: { error: true, message: 'CTI is not logged in' } },
    });
    const cti = client(server, { on401 });
    await expect(cti.answer()).rejects.toEqual({ status: 401, message: 'Unauthenticated' });
    expect(on401).toHaveBeenCalledWith('tok-1');
    await expect(cti.listen('1002')).rejects.toEqual({ status: 403, message: 'Managers only' });
    await expect(cti.dial('1')).rejects.toEqual({ status: 200, message: 'CTI is not logged in' });
    expect(on401).toHaveBeenCalledTimes(1);
  });

  it('rejects with status null when no response arrives', async () => {
    const cti = createCtiClient({
      baseUrl: 'http://pbx.test/cti',
      extension: '1001',
      getToken: () => null,
      adapter: async (config) => {
        throw new AxiosError('Network Error', 'ERR_NETWORK', config);
      },
    });
    await expect(cti.hangup()).rejects.toEqual({ status: null, message: 'Network Error' });
  });
});
