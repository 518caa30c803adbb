import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** What a process says about itself: memory (optionally after a full GC) and CPU since it started. */
export interface ProcessSample {
  /** Epoch ms (performance.timeOrigin + performance.now()). */
  at: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  rss: number;
  /** µs of CPU since the process started (process.cpuUsage). */
  cpuUserUs: number;
  cpuSystemUs: number;
  gc: boolean;
}

/** CPU and event-loop figures over a window opened by `windowStart`. */
export interface WindowSample {
  wallMs: number;
  cpuUserUs: number;
  cpuSystemUs: number;
  /** CPU time over wall time, in % of one core. */
  cpuPercentOfCore: number;
  /** Event-loop utilisation over the window (0–1). */
  eventLoopUtilization: number;
  eventLoopDelayP50Ms: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
}

export const epochNow = (): number => performance.timeOrigin + performance.now();

type Gc = () => void;
const gcFunction = (globalThis as { gc?: Gc }).gc;

/** Several full collections with turns in between, so finalizers and weak callbacks settle. */
async function fullGc(): Promise<boolean> {
  if (!gcFunction) return false;
  for (let i = 0; i < 4; i++) {
    gcFunction();
    await nextTurn();
  }
  return true;
}

export function createProbe() {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let window: { started: number; cpu: NodeJS.CpuUsage; elu: EventLoopUtilization } | null = null;

  return {
    async sample(options: { gc: boolean }): Promise<ProcessSample> {
      const gc = options.gc ? await fullGc() : false;
      const memory = process.memoryUsage();
      const cpu = process.cpuUsage();
      return {
        at: epochNow(),
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        external: memory.external,
        arrayBuffers: memory.arrayBuffers,
        rss: memory.rss,
        cpuUserUs: cpu.user,
        cpuSystemUs: cpu.system,
        gc,
      };
    },
    windowStart(): void {
      delay.reset();
      window = { started: performance.now(), cpu: process.cpuUsage(), elu: performance.eventLoopUtilization() };
    },
    windowEnd(): WindowSample {
      if (!window) throw new Error('windowEnd without windowStart');
      const wallMs = performance.now() - window.started;
      const cpu = process.cpuUsage(window.cpu);
      const elu = performance.eventLoopUtilization(window.elu);
      const result: WindowSample = {
        wallMs,
        cpuUserUs: cpu.user,
        cpuSystemUs: cpu.system,
        cpuPercentOfCore: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
        eventLoopUtilization: elu.utilization,
        eventLoopDelayP50Ms: delay.percentile(50) / 1e6,
        eventLoopDelayP99Ms: delay.percentile(99) / 1e6,
        eventLoopDelayMaxMs: delay.max / 1e6,
      };
      window = null;
      return result;
    },
  };
}

export type Probe = ReturnType<typeof createProbe>;

/** The IPC commands every measured process answers. */
export function probeHandlers(probe: Probe) {
  return {
    sample: (arg: unknown) => probe.sample({ gc: Boolean((arg as { gc?: boolean } | undefined)?.gc) }),
    windowStart: () => probe.windowStart(),
    windowEnd: () => probe.windowEnd(),
    now: () => epochNow(),
  };
}
