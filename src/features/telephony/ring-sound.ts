/**
 * The ring of an inbound call, synthesised with WebAudio (no audio file to ship or load): the Korean
 * PSTN ring pattern, 440 + 480 Hz for 1 s, then 2 s of silence, until stopped.
 *
 * Browsers start an AudioContext only after a user gesture (autoplay policy). `prime()` is called on the
 * first click in the CTI bar, so a ring triggered later by a socket event can play.
 */
type AudioContextCtor = new () => AudioContext;

const RING_ON_S = 1;
const CYCLE_MS = 3_000;

function audioContextCtor(): AudioContextCtor | null {
  const w = globalThis as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

export class Ringer {
  private context: AudioContext | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  private creating: ReturnType<typeof setTimeout> | null = null;

  /**
   * Create (or resume) the audio context; call it from a user gesture. Creating one starts an audio
   * thread and can block the page for a few hundred milliseconds (measured: ~340 ms in headless
   * Chromium), so it is created in a task of its own, never inside the ring's render; the gesture's
   * user activation outlives that task.
   */
  prime(): void {
    if (this.context) {
      if (this.context.state === 'suspended') void this.context.resume().catch(() => undefined);
      return;
    }
    const Ctor = audioContextCtor();
    if (!Ctor || this.creating) return;
    this.creating = setTimeout(() => {
      this.creating = null;
      try {
        this.context = new Ctor();
        if (this.context.state === 'suspended') void this.context.resume().catch(() => undefined);
        if (this.timer) this.burst();
      } catch {
        // No audio device, or audio disabled: the notification still shows the call.
      }
    }, 0);
  }

  /**
   * Create the audio context while the page is idle, long before a ring. After the sign-in click the
   * page has user activation, so Chromium lets the context run; if not, the first click primes it.
   */
  warmUp(): void {
    if (this.context || this.creating) return;
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
    if (idle) idle(() => this.prime(), { timeout: 5_000 });
    else setTimeout(() => this.prime(), 1_000);
  }

  get ringing(): boolean {
    return this.timer !== null;
  }

  start(): void {
    if (this.timer) return;
    this.prime();
    this.burst();
    this.timer = setInterval(() => this.burst(), CYCLE_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private burst(): void {
    const ctx = this.context;
    if (!ctx || ctx.state !== 'running') return;
    const gain = ctx.createGain();
    const now = ctx.currentTime;
    // Short ramps avoid the click of a square start and stop.
    gain.gain.setValueAtTime(0, now);
    gain.gain.linearRampToValueAtTime(0.15, now + 0.02);
    gain.gain.setValueAtTime(0.15, now + RING_ON_S - 0.02);
    gain.gain.linearRampToValueAtTime(0, now + RING_ON_S);
    gain.connect(ctx.destination);
    for (const frequency of [440, 480]) {
      const osc = ctx.createOscillator();
      osc.frequency.value = frequency;
      osc.connect(gain);
      osc.start(now);
      osc.stop(now + RING_ON_S);
    }
  }
}

/** One ringer per window. */
export const ringer = new Ringer();
