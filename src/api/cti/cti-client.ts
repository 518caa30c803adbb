import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';
import type {
  CtiActionResult,
  CtiChannelResult,
  CtiDialResult,
  CtiForwardingResult,
  CtiLoadResult,
  CtiRecordingResult,
  DndOption,
} from './cti-types';
import { CTI_BAR_CLIENT, CTI_CLIENT_HEADER } from '../contracts/transfer.contract';
import { toCtiError } from './cti-error';
import { toCode } from './status-codes';

/**
 * Typed client of the company's telephony server (CONTRACT §7). One instance per signed-in user: the
 * base address is `company.cti_server` and every request acts as the user's own `extension`.
 *
 * It has its own axios instance on purpose: the app's `http` client is bound to `/api/v1` and its 401
 * handling, while the CTI server lives at another address. A 401 is still reported (through `on401`)
 * so the session machine refreshes the token, and the request is rejected as usual.
 */
export interface CtiClientOptions {
  /** `company.cti_server`, e.g. `http://localhost:8080/cti`. */
  baseUrl: string;
  /** The acting extension (`UserInfo.extension`). */
  extension: string;
  /** Read at request time: the access token changes on refresh. */
  getToken: () => string | null;
  /** Called with the token the failed request carried when the server answers 401. */
  on401?: (failedToken: string | null) => void;
  /** Tests replace the transport; production uses axios' default (XHR in the browser). */
  adapter?: AxiosAdapter;
  /** Telephony commands are interactive; a hung PBX must not leave a button spinning forever. */
  timeoutMs?: number;
}

type Query = Record<string, string | number>;

const INDEX = '/cti_api/index.php';

export function createCtiClient(options: CtiClientOptions) {
  const { extension } = options;
  const instance: AxiosInstance = axios.create({
    baseURL: options.baseUrl.replace(/\/+$/, ''),
    headers: { Accept: 'application/json' },
    timeout: options.timeoutMs ?? 15_000,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  async function send(method: 'GET' | 'POST', path: string, query: Query = {}, extraHeaders: Record<string, string> = {}): Promise<unknown> {
    const token = options.getToken();
    try {
      const response = await instance.request<unknown>({
        method,
        url: path,
        params: { extension, ...query },
        headers: { ...extraHeaders, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
      const data = parseJson(response.data);
      if (isRecord(data) && (data.error === true || data.result === 'fail' || data.result === 'error')) {
        throw toCtiError({ isAxiosError: true, message: 'CTI request failed', response: { status: response.status, data } });
      }
      return data;
    } catch (err) {
      const error = toCtiError(err);
      if (error.status === 401) options.on401?.(token);
      throw error;
    }
  }

  const get = (path: string, query?: Query) => send('GET', path, query);
  const dialing = async (path: string, number: string): Promise<CtiDialResult> => {
    const data = await get(path, { number });
    const record = isRecord(data) ? data : {};
    const uniqueid = typeof record.uniqueid === 'string' || typeof record.uniqueid === 'number' ? String(record.uniqueid) : '';
    return { result: typeof record.result === 'string' ? record.result : 'success', uniqueid: uniqueid || null };
  };
  const action = async (path: string, query?: Query, headers?: Record<string, string>): Promise<CtiActionResult> => {
    const data = await send('GET', path, query, headers);
    return { result: isRecord(data) && typeof data.result === 'string' ? data.result : 'success' };
  };
  // The built-in CTI server keeps forwarding as the transfers record and writes who changed it from
  // where (docs/telephony.md "Call forwarding"); the header tells it this is the CTI bar. Only to our own
  // origin: another CTI server would need a CORS preflight for it.
  const barHeaders: Record<string, string> = sameOrigin(options.baseUrl) ? { [CTI_CLIENT_HEADER]: CTI_BAR_CLIENT } : {};

  return {
    extension,
    /** Database connection check of the CTI server. */
    dbCon: () => action(`${INDEX}/dbCon`),
    /** Agent state (`status`) and registration (`exten_status`) of the extension. */
    load: async (): Promise<CtiLoadResult> => {
      const data = await get(`${INDEX}/load`);
      const record = isRecord(data) ? data : {};
      return { status: toCode(record.status), exten_status: toCode(record.exten_status) };
    },
    dndOn: (option: DndOption) => action(`${INDEX}/dndOn`, { option }),
    dndOff: () => action(`${INDEX}/dndOff`),
    /** Call forwarding: set, remove, check. */
    transfer: (number: string) => action(`${INDEX}/transfer`, { number }, barHeaders),
    unTransfer: () => action(`${INDEX}/unTransfer`, {}, barHeaders),
    checkTransfer: async (): Promise<CtiForwardingResult> => {
      const data = await get(`${INDEX}/checkTransfer`);
      const record = isRecord(data) ? data : {};
      const number = typeof record.number === 'string' || typeof record.number === 'number' ? String(record.number) : '';
      return { transfer: record.transfer === true || record.transfer === 1 || record.transfer === '1', number: number || null };
    },
    /** Places a call from the extension; answers the new call's uniqueid. */
    dial: (number: string) => dialing(`${INDEX}/dial`, number),
    blindTransfer: (number: string) => action(`${INDEX}/blindTransfer`, { number }),
    attendedTransfer: (number: string) => action(`${INDEX}/attendedTransfer`, { number }),
    /** Manager functions: listen to or whisper to another extension. Also used for the test call. */
    listen: (target: string) => action(`${INDEX}/listen`, { target }),
    whisper: (target: string) => action(`${INDEX}/whisper`, { target }),
    hangup: () => action(`${INDEX}/hangup`),
    answer: () => action(`${INDEX}/answer`),
    /** Beyond the specification: the built-in CTI server holds and resumes the call; legacy-http answers 501. */
    hold: () => action(`${INDEX}/hold`),
    unhold: () => action(`${INDEX}/unhold`),
    /** The only POST of the CTI API. */
    queueReset: async (queue: string): Promise<CtiActionResult> => {
      const data = await send('POST', `${INDEX}/queueReset`, { queue });
      return { result: isRecord(data) && typeof data.result === 'string' ? data.result : 'success' };
    },
    playSound: (channel?: string) => action('/playsound/sound.php', channel ? { channel } : {}),
    /** `/hangup/hangup.php`: hangs up whatever the extension is doing (the legacy page's hang-up button). */
    hangupExtension: () => action('/hangup/hangup.php'),
    hangupWithChannel: (channel: string) => action('/hangup/hangup-with-channel.php', { channel }),
    /** Custom dial (`click_ziotes.php`): rings the agent's phone, then the number. */
    clickToCall: (number: string) => dialing('/clicktocall/click_ziotes.php', number),
    getChannel: async (): Promise<CtiChannelResult> => {
      const data = await get('/clicktocall/get_channel.php');
      const channel = isRecord(data) && typeof data.channel === 'string' && data.channel ? data.channel : null;
      return { channel };
    },
    /** One-touch recording toggles recording of the extension's current call. */
    oneTouchRecording: async (): Promise<CtiRecordingResult> => {
      const data = await get('/one-touch-recording/otr.php');
      const recording = isRecord(data) && typeof data.recording === 'boolean' ? data.recording : null;
      return { recording };
    },
  };
}

export type CtiClient = ReturnType<typeof createCtiClient>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Legacy PHP endpoints sometimes answer JSON with a text/html content type; axios then leaves a string. */
function parseJson(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  const text = data.trim();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { result: text };
  }
}

/** Whether the CTI server is the app's own (the built-in one at `<origin>/cti`). */
function sameOrigin(baseUrl: string): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return new URL(baseUrl, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}
