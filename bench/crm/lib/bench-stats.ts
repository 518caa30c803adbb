import { cpus, loadavg } from 'node:os';

/** The q-quantile (0…1) of already sorted values, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function median(values: readonly number[]): number {
  return quantile([...values].sort((a, b) => a - b), 0.5);
}

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarise(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted[sorted.length - 1] ?? Number.NaN };
}

/** nproc, CPU model and load average: the machine the figures belong to (it is shared and noisy). */
export function machine(): string {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
  return `nproc ${cpus().length} (${cpus()[0]?.model.trim() ?? 'cpu'}), load average ${one} / ${five} / ${fifteen}, Node ${process.version}`;
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

export function intEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer in ${min}..${max}`);
  return value;
}
