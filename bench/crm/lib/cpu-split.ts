import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc (USER_HZ: 100 on Linux). */
const TICK_MS = 10;

function busyTicks(): number {
  // cpu  user nice system idle iowait irq softirq steal ...: everything but idle and iowait is busy.
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  return ticks.reduce((sum, value) => sum + value, 0) - (ticks[3] ?? 0) - (ticks[4] ?? 0);
}

function processTicks(pid: number): number {
  // Fields after the command (which may hold spaces) start at "state"; utime and stime are 14 and 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

export interface CpuSplit {
  /** CPU milliseconds of the app server process. */
  appMs: number;
  /** CPU milliseconds of this process (the load generator). */
  loadMs: number;
  /** CPU milliseconds of everything else on the machine (PostgreSQL, the kernel's share, other work). */
  restMs: number;
}

/**
 * Where the machine's CPU went while a load ran: the app, the load generator, and the rest (on this
 * two-core machine mostly PostgreSQL). It says whether a route is slow because the app works hard or
 * because the three share two cores.
 */
export function startCpuSplit(appPid: number): () => CpuSplit {
  const machine0 = busyTicks();
  const app0 = processTicks(appPid);
  const self0 = process.cpuUsage();
  return () => {
    const self = process.cpuUsage(self0);
    const loadMs = (self.user + self.system) / 1000;
    const appMs = (processTicks(appPid) - app0) * TICK_MS;
    const machineMs = (busyTicks() - machine0) * TICK_MS;
    return { appMs, loadMs, restMs: Math.max(0, machineMs - appMs - loadMs) };
  };
}
