import type { RealtimeConnection } from '../../api/realtime/socket';
import type {
  ClientToServerEventName,
  ExtensionRoomPayload,
  ServerToClientEvents,
} from '../../api/realtime/socket-events';

type Listener = (...args: never[]) => void;

/**
 * A socket stand-in for machine tests (not used by the app). The test plays the server: `serverConnect`,
 * `serverDisconnect`, `serverEmit`; `emitted` records what the client sent.
 */
export class FakeConnection implements RealtimeConnection {
  connected = false;
  closed = false;
  readonly emitted: { name: ClientToServerEventName; payload: ExtensionRoomPayload }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: 'connect', listener: () => void): this;
  on(event: 'disconnect', listener: (reason: string) => void): this;
  on<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): this;
  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  // The queue board's join and leave carry an empty payload; the extension commands' is what tests read.
  emit(name: ClientToServerEventName, payload: ExtensionRoomPayload | Record<string, never>): this {
    this.emitted.push({ name, payload: payload as ExtensionRoomPayload });
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.closed = true;
    return this;
  }

  serverConnect(): void {
    this.connected = true;
    this.fire('connect');
  }

  serverDisconnect(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  serverEmit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.fire(event, ...args);
  }

  /** How many times the client emitted `name`. */
  count(name: ClientToServerEventName): number {
    return this.emitted.filter((e) => e.name === name).length;
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
}
