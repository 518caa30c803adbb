// The server, not a browser timer, decides when an extension is lost: each register buys another TTL
// (35 s by default, the client registers every 10 s); silence past it logs the extension out. Used by
// drivers whose PBX has no notion of the web agent being present (Asterisk only knows the phone).

export class RegistrationTracker {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly ttlMs: number,
    private readonly onChange: (ext: string, registered: boolean) => void,
  ) {}

  register(ext: string): void {
    const wasRegistered = this.timers.has(ext);
    const previous = this.timers.get(ext);
    if (previous) clearTimeout(previous);
    this.timers.set(
      ext,
      setTimeout(() => {
        this.timers.delete(ext);
        this.onChange(ext, false);
      }, this.ttlMs),
    );
    if (!wasRegistered) this.onChange(ext, true);
  }

  unregister(ext: string): void {
    const timer = this.timers.get(ext);
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(ext);
    this.onChange(ext, false);
  }

  isRegistered(ext: string): boolean {
    return this.timers.has(ext);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
