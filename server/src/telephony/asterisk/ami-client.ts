// One AMI connection over TCP: log in, correlate each action with its response by ActionID, collect
// list responses (events carrying the same ActionID until a completion event), pass every other
// event on, and reconnect with exponential backoff when the connection drops.

import { connect, type Socket } from 'node:net';
import { TelephonyError } from '../errors';
import { actionName, AmiParser, serializeAction, type AmiAction, type AmiMessage } from './ami-protocol';

export interface AmiConnectionOptions {
  host: string;
  /** @default 5038 */
  port?: number;
  username: string;
  secret: string;
  /** @default 10_000 */
  actionTimeoutMs?: number;
  /** First reconnect delay, doubled after each failure. @default 500 */
  reconnectInitialMs?: number;
  /** @default 30_000 */
  reconnectMaxMs?: number;
}

export interface AmiReply {
  response: AmiMessage;
  /** Events of a list response (e.g. CoreShowChannel), in order, ending with the completion event. */
  events: AmiMessage[];
}

interface Pending {
  name: string;
  resolve: (reply: AmiReply) => void;
  reject: (error: TelephonyError) => void;
  timer: ReturnType<typeof setTimeout>;
  /** For list actions: the event that ends the list. */
  completeOn?: (event: AmiMessage) => boolean;
  response?: AmiMessage;
  events: AmiMessage[];
}

export type AmiConnectionState = 'connecting' | 'ready' | 'disconnected' | 'closed';

/** Case-insensitive header lookup: Asterisk versions disagree on `ActionID` vs `ActionId`. */
export function header(message: AmiMessage, key: string): string | undefined {
  if (key in message) return message[key];
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(message)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

let connectionCounter = 0;

export class AmiClient {
  state: AmiConnectionState = 'disconnected';
  private socket: Socket | null = null;
  private readonly parser = new AmiParser();
  private readonly pending = new Map<string, Pending>();
  private readonly eventListeners = new Set<(event: AmiMessage) => void>();
  private readonly stateListeners = new Set<(state: AmiConnectionState) => void>();
  private nextActionId = 0;
  private readonly prefix = `cc${(connectionCounter += 1)}`;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: AmiConnectionOptions) {}

  /** Start connecting; resolves once logged in (or rejects on the first failure; retries go on). */
  start(): Promise<void> {
    const ready = new Promise<void>((resolve, reject) => {
      const off = this.onState((state) => {
        if (state === 'ready') {
          off();
          resolve();
        } else if (state === 'disconnected' || state === 'closed') {
          off();
          reject(new TelephonyError('pbx_unavailable', 'could not log in to the Asterisk Manager Interface'));
        }
      });
    });
    this.open();
    return ready;
  }

  onEvent(listener: (event: AmiMessage) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onState(listener: (state: AmiConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Send an action and wait for its response (and, for list actions, the list). */
  send(action: AmiAction, completeOn?: (event: AmiMessage) => boolean): Promise<AmiReply> {
    if (this.state !== 'ready' || !this.socket) {
      return Promise.reject(new TelephonyError('pbx_unavailable', 'not connected to Asterisk'));
    }
    return this.write(action, completeOn);
  }

  async close(): Promise<void> {
    this.setState('closed');
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.failPending('connection closed');
    const socket = this.socket;
    this.socket = null;
    if (socket && !socket.destroyed) {
      // Say goodbye politely; do not wait for Asterisk to answer.
      socket.end(serializeAction([['Action', 'Logoff']]));
      socket.destroySoon();
    }
  }

  // --- connection ---------------------------------------------------------------------------------------

  private open(): void {
    if (this.state === 'closed') return;
    this.setState('connecting');
    this.parser.reset();
    const socket = connect({ host: this.options.host, port: this.options.port ?? 5038 });
    this.socket = socket;
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    let loginSent = false;
    socket.on('data', (chunk: string) => {
      for (const message of this.parser.push(chunk)) this.dispatch(message);
      if (!loginSent && this.parser.sawBanner) {
        loginSent = true;
        this.login();
      }
    });
    socket.on('error', () => {
      /* 'close' follows and handles it */
    });
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.failPending('connection lost');
      if (this.state === 'closed') return;
      this.setState('disconnected');
      this.scheduleReconnect();
    });
  }

  private login(): void {
    this.write([
      ['Action', 'Login'],
      ['Username', this.options.username],
      ['Secret', this.options.secret],
      ['Events', 'on'],
    ]).then(
      () => {
        this.attempt = 0;
        this.setState('ready');
      },
      () => {
        // Wrong credentials or a half-open socket: drop it and let the backoff retry.
        this.socket?.destroy();
      },
    );
  }

  private scheduleReconnect(): void {
    const initial = this.options.reconnectInitialMs ?? 500;
    const max = this.options.reconnectMaxMs ?? 30_000;
    const delay = Math.min(max, initial * 2 ** this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delay);
  }

  private setState(state: AmiConnectionState): void {
    if (this.state === state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener(state);
  }

  // --- actions and messages ---------------------------------------------------------------------------------

  private write(action: AmiAction, completeOn?: (event: AmiMessage) => boolean): Promise<AmiReply> {
    const socket = this.socket;
    if (!socket) return Promise.reject(new TelephonyError('pbx_unavailable', 'not connected to Asterisk'));
    this.nextActionId += 1;
    const id = `${this.prefix}-${this.nextActionId}`;
    const text = serializeAction([...action, ['ActionID', id]]);
    const name = actionName(action);
    return new Promise<AmiReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new TelephonyError('pbx_timeout', `Asterisk did not answer ${name}`));
      }, this.options.actionTimeoutMs ?? 10_000);
      this.pending.set(id, { name, resolve, reject, timer, completeOn, events: [] });
      socket.write(text);
    });
  }

  private dispatch(message: AmiMessage): void {
    const id = header(message, 'ActionID');
    const pending = id ? this.pending.get(id) : undefined;
    if (pending && header(message, 'Response') !== undefined) return this.settleResponse(id ?? '', pending, message);
    if (pending && pending.response && header(message, 'Event') !== undefined) {
      pending.events.push(message);
      if (pending.completeOn?.(message)) this.finish(id ?? '', pending);
      return;
    }
    if (header(message, 'Event') === undefined) return;
    for (const listener of [...this.eventListeners]) {
      try {
        listener(message);
      } catch {
        /* a listener's failure must not break the connection */
      }
    }
  }

  private settleResponse(id: string, pending: Pending, message: AmiMessage): void {
    const response = header(message, 'Response') ?? '';
    if (response.toLowerCase() === 'error') {
      clearTimeout(pending.timer);
      this.pending.delete(id);
      const error = new TelephonyError('pbx_error', `Asterisk refused ${pending.name}: ${header(message, 'Message') ?? 'error'}`);
      pending.reject(error);
      return;
    }
    pending.response = message;
    if (!pending.completeOn) this.finish(id, pending);
  }

  private finish(id: string, pending: Pending): void {
    clearTimeout(pending.timer);
    this.pending.delete(id);
    pending.resolve({ response: pending.response ?? {}, events: pending.events });
  }

  private failPending(reason: string): void {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      this.pending.delete(id);
      pending.reject(new TelephonyError('pbx_unavailable', `${reason} before Asterisk answered ${pending.name}`));
    }
  }
}
