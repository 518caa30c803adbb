// For a company whose `cti_server` points at an existing CTI server: every command is forwarded to it
// with the specification's PHP paths (section 7). That server pushes its own events over its own
// socket, so this driver has no event stream: `subscribe` never calls its listener. Nor can it report
// the company-level call events (driver.ts): the specification's paths are commands only, none of them
// says who is waiting in a queue or who gave up, and inventing one would be guessing at that server.

import type {
  ChannelResult,
  DialResult,
  DirectoryExtension,
  ForwardingState,
  RecordingResult,
  TelephonyDirectory,
  TelephonyDriver,
  TelephonyListener,
} from '../driver';
import { TelephonyError } from '../errors';
import { isDirectoryNumber, normaliseDialledNumber } from '../phone-number';
import { isDndOption, type DndOption, type ExtensionState } from '../status-codes';

export interface LegacyHttpOptions {
  /** The company's `cti_server`, e.g. `https://cti.example.com`. */
  baseUrl: string;
  /** @default 10_000 */
  timeoutMs?: number;
  /** Extra headers for every request (e.g. an API key the old server expects). */
  headers?: Record<string, string>;
  /** For tests. @default globalThis.fetch */
  fetch?: typeof fetch;
}

type Query = Record<string, string>;
type Json = Record<string, unknown>;

const API = '/cti_api/index.php';

export class LegacyHttpDriver implements TelephonyDriver {
  readonly kind = 'legacy-http' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly headers: Record<string, string>;
  private readonly fetchImpl: typeof fetch;
  private closed = false;

  constructor(options: LegacyHttpOptions) {
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new TelephonyError('invalid_config', 'cti_server is not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TelephonyError('invalid_config', 'cti_server must be http or https');
    this.baseUrl = url.toString().replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.headers = options.headers ?? {};
    this.fetchImpl = options.fetch ?? globalThis.fetch;
  }

  // Queues and ring groups live on the old server; only the extension list is ours to send.
  async configure(directory: TelephonyDirectory): Promise<void> {
    await this.saveExtensions(directory.extensions);
  }

  async saveExtensions(extensions: DirectoryExtension[]): Promise<void> {
    await this.request('POST', '/v1/users/save-extensions', {}, { json: { extensions } });
  }

  async load(ext: string): Promise<ExtensionState> {
    const body = await this.api('load', { extension: this.ext(ext) });
    return { status: toNumber(body.status, 4), exten_status: toNumber(body.exten_status, 0) };
  }

  // The old server keeps registration through its own socket; ours only reads the result.
  async register(ext: string): Promise<ExtensionState> {
    return this.load(ext);
  }

  async unregister(ext: string): Promise<ExtensionState> {
    return this.load(ext);
  }

  async dndOn(ext: string, option: DndOption): Promise<void> {
    if (!isDndOption(option)) throw new TelephonyError('invalid_option', 'option must be 1, 11, 21 or 31');
    await this.api('dndOn', { extension: this.ext(ext), option: String(option) });
  }

  async dndOff(ext: string): Promise<void> {
    await this.api('dndOff', { extension: this.ext(ext) });
  }

  async transfer(ext: string, number: string): Promise<void> {
    await this.api('transfer', { extension: this.ext(ext), number: normaliseDialledNumber(number) });
  }

  async unTransfer(ext: string): Promise<void> {
    await this.api('unTransfer', { extension: this.ext(ext) });
  }

  async checkTransfer(ext: string): Promise<ForwardingState> {
    const body = await this.api('checkTransfer', { extension: this.ext(ext) });
    return { transfer: toBoolean(body.transfer), number: body.number == null ? '' : String(body.number) };
  }

  // No caller id (DialOptions): the specification's dial and click-to-call show no such parameter, so the
  // old CTI server presents whatever it is configured to (docs/telephony.md "Caller ID").
  async dial(ext: string, number: string): Promise<DialResult> {
    const body = await this.api('dial', { extension: this.ext(ext), number: normaliseDialledNumber(number) });
    return { uniqueid: body.uniqueid == null ? '' : String(body.uniqueid) };
  }

  async clickToCall(ext: string, number: string): Promise<DialResult> {
    const query = { extension: this.ext(ext), number: normaliseDialledNumber(number) };
    const body = await this.request('GET', '/clicktocall/click_ziotes.php', query);
    return { uniqueid: body.uniqueid == null ? '' : String(body.uniqueid) };
  }

  async answer(ext: string): Promise<void> {
    await this.api('answer', { extension: this.ext(ext) });
  }

  async hangup(ext: string, channel?: string): Promise<void> {
    if (channel) await this.request('GET', '/hangup/hangup-with-channel.php', { extension: this.ext(ext), channel: this.channel(channel) });
    else await this.request('GET', '/hangup/hangup.php', { extension: this.ext(ext) });
  }

  async hold(_ext: string): Promise<void> {
    throw new TelephonyError('unsupported', 'the existing CTI server has no hold command');
  }

  async unhold(_ext: string): Promise<void> {
    throw new TelephonyError('unsupported', 'the existing CTI server has no hold command');
  }

  async blindTransfer(ext: string, number: string): Promise<void> {
    await this.api('blindTransfer', { extension: this.ext(ext), number: normaliseDialledNumber(number) });
  }

  async attendedTransfer(ext: string, number: string): Promise<void> {
    await this.api('attendedTransfer', { extension: this.ext(ext), number: normaliseDialledNumber(number) });
  }

  async listen(ext: string, target: string): Promise<void> {
    await this.api('listen', { extension: this.ext(ext), target: this.ext(target) });
  }

  async whisper(ext: string, target: string): Promise<void> {
    await this.api('whisper', { extension: this.ext(ext), target: this.ext(target) });
  }

  async queueReset(queue: string): Promise<void> {
    if (!isDirectoryNumber(queue)) throw new TelephonyError('unknown_queue', 'a queue is 2 to 10 digits');
    await this.request('POST', `${API}/queueReset`, {}, { form: { queue } });
  }

  async playSound(ext: string, channel?: string): Promise<void> {
    const query: Query = { extension: this.ext(ext) };
    if (channel) query.channel = this.channel(channel);
    await this.request('GET', '/playsound/sound.php', query);
  }

  async getChannel(ext: string): Promise<ChannelResult> {
    const body = await this.request('GET', '/clicktocall/get_channel.php', { extension: this.ext(ext) });
    return { channel: typeof body.channel === 'string' && body.channel !== '' ? body.channel : null };
  }

  async oneTouchRecording(ext: string): Promise<RecordingResult> {
    const body = await this.request('GET', '/one-touch-recording/otr.php', { extension: this.ext(ext) });
    return { recording: toBoolean(body.recording), file: body.file == null ? '' : String(body.file) };
  }

  subscribe(_listener: TelephonyListener): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  // --- HTTP -----------------------------------------------------------------------------------------------

  private api(action: string, query: Query): Promise<Json> {
    return this.request('GET', `${API}/${action}`, query);
  }

  private async request(method: 'GET' | 'POST', path: string, query: Query, body?: { json?: unknown; form?: Query }): Promise<Json> {
    if (this.closed) throw new TelephonyError('pbx_unavailable', 'driver closed');
    const url = `${this.baseUrl}${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
    const headers: Record<string, string> = { Accept: 'application/json', ...this.headers };
    let payload: string | undefined;
    if (body?.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body.form).toString();
    }
    let response: Response;
    try {
      response = await this.fetchImpl(url, { method, headers, body: payload, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new TelephonyError(timedOut ? 'pbx_timeout' : 'pbx_unavailable', `CTI server ${timedOut ? 'timed out' : 'unreachable'}: ${path}`);
    }
    const text = await response.text();
    let parsed: unknown = {};
    if (text.trim() !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new TelephonyError('pbx_error', `CTI server answered ${path} with something that is not JSON`);
      }
    }
    const json: Json = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : {};
    if (!response.ok || json.error === true || json.result === 'error' || json.result === 'fail') {
      const message = typeof json.message === 'string' ? json.message : `HTTP ${response.status}`;
      throw new TelephonyError('pbx_error', `CTI server refused ${path}: ${message}`);
    }
    return json;
  }

  private ext(ext: string): string {
    if (!isDirectoryNumber(ext)) throw new TelephonyError('unknown_extension', 'an extension is 2 to 10 digits');
    return ext;
  }

  /** Channel names are `TECH/peer-hex`; nothing else is passed on. */
  private channel(channel: string): string {
    if (!/^[A-Za-z]+\/[A-Za-z0-9_.@-]+$/.test(channel)) throw new TelephonyError('no_call', 'not a channel name');
    return channel;
  }
}

function toNumber(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true' || value === 'yes';
}
