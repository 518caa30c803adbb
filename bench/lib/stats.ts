/** Percentiles by nearest rank on a sorted copy; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  min: number;
  mean: number;
}

export function summarize(values: readonly number[]): Summary {
  const n = values.length;
  return {
    n,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: n ? Math.max(...values) : Number.NaN,
    min: n ? Math.min(...values) : Number.NaN,
    mean: n ? values.reduce((a, b) => a + b, 0) / n : Number.NaN,
  };
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ms = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');

export const sleep = (millis: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, millis));

/** The 1-, 5- and 15-minute load averages and the CPU count, as the docs report them. */
export async function machineLoad(): Promise<{ loadavg: number[]; cpus: number; node: string }> {
  const os = await import('node:os');
  return { loadavg: os.loadavg().map((v) => Number(v.toFixed(2))), cpus: os.availableParallelism(), node: process.version };
}
