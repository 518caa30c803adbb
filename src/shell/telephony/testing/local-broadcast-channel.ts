/**
 * An in-process BroadcastChannel for tests. Node's real one reaches other worker threads, so test files
 * running side by side would hear each other's `cti.request` commands; this one stays in the test file.
 * Like the real one it never echoes to the sender and delivers asynchronously (a microtask).
 */
export class LocalBroadcastChannel {
  private static readonly channels = new Map<string, Set<LocalBroadcastChannel>>();
  private readonly listeners = new Set<(event: MessageEvent) => void>();
  private closed = false;

  constructor(readonly name: string) {
    const set = LocalBroadcastChannel.channels.get(name) ?? new Set();
    set.add(this);
    LocalBroadcastChannel.channels.set(name, set);
  }

  postMessage(data: unknown): void {
    if (this.closed) return;
    const copy = structuredClone(data);
    for (const other of LocalBroadcastChannel.channels.get(this.name) ?? []) {
      if (other === this) continue;
      queueMicrotask(() => other.deliver(copy));
    }
  }

  addEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    LocalBroadcastChannel.channels.get(this.name)?.delete(this);
  }

  private deliver(data: unknown): void {
    if (this.closed) return;
    const event = new MessageEvent('message', { data });
    this.listeners.forEach((listener) => listener(event));
  }
}
