/**
 * Medians over several runs: `npx tsx bench/summarize.ts <result.json>…` (the files BENCH_JSON names, or
 * the ones each run prints). Socket-capacity and screen-pop results may be mixed; each is told apart by
 * its fields. Per-agent figures are recomputed from the raw samples over the sockets connected at the end.
 */
import { readFileSync } from 'node:fs';
import { median } from './lib/stats';

interface Sample {
  heapUsed: number;
  rss: number;
}
interface CapacityPhase {
  name: string;
  serverClients: number;
  baseline: Sample;
  pbxWarm: Sample | null;
  loaded: Sample;
  serverWindow: { cpuPercentOfCore: number; eventLoopUtilization: number };
  perAgent: { cpuUsPerRegister: number };
  registers: { roundTrip: { p50: number | null; p95: number | null } };
}
interface CapacityResult {
  agents: number;
  machine: { before: { loadavg: number[] }; after: { loadavg: number[] } };
  results: CapacityPhase[];
}
interface PopSummary {
  ringToVisible: { n: number; p50: number; p95: number; max: number };
  postToVisible: { n: number; p50: number; p95: number; max: number };
  ringToShell: { p50: number; p95: number };
  ringToLookupStart: { p50: number; p95: number };
  lookupDuration: { p50: number; p95: number };
}
interface PopResult {
  calls: number;
  machine: { before: { loadavg: number[] }; after: { loadavg: number[] } };
  results: Record<string, PopSummary>;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npx tsx bench/summarize.ts <result.json>…');
  process.exit(2);
}
const parsed = files.map((file) => ({ file, data: JSON.parse(readFileSync(file, 'utf8')) as CapacityResult | PopResult }));
const f1 = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? 'n/a' : v.toFixed(1));
const load = (r: { machine: CapacityResult['machine'] }) => `${r.machine.before.loadavg[0]} → ${r.machine.after.loadavg[0]}`;

const capacity = parsed.filter((p): p is { file: string; data: CapacityResult } => 'agents' in p.data);
if (capacity.length) {
  console.log('socket capacity (per agent = per socket connected at the end; KB = 1024 bytes)');
  const rows = new Map<string, { heap: number[]; heapWarm: number[]; rss: number[]; cpu: number[]; elu: number[]; cpuReg: number[]; p50: number[]; p95: number[]; clients: number[] }>();
  for (const { file, data } of capacity) {
    console.log(`  ${file}: load ${load(data)}`);
    for (const phase of data.results) {
      const row = rows.get(phase.name) ?? { heap: [], heapWarm: [], rss: [], cpu: [], elu: [], cpuReg: [], p50: [], p95: [], clients: [] };
      const n = Math.max(1, phase.serverClients);
      const heap = (phase.loaded.heapUsed - phase.baseline.heapUsed) / n / 1024;
      row.heap.push(heap);
      if (phase.pbxWarm) row.heapWarm.push((phase.loaded.heapUsed - phase.pbxWarm.heapUsed) / n / 1024);
      row.rss.push((phase.loaded.rss - phase.baseline.rss) / n / 1024);
      row.cpu.push(phase.serverWindow.cpuPercentOfCore);
      row.elu.push(phase.serverWindow.eventLoopUtilization * 100);
      if (Number.isFinite(phase.perAgent.cpuUsPerRegister)) row.cpuReg.push(phase.perAgent.cpuUsPerRegister);
      if (phase.registers.roundTrip.p50 !== null) row.p50.push(phase.registers.roundTrip.p50);
      if (phase.registers.roundTrip.p95 !== null) row.p95.push(phase.registers.roundTrip.p95);
      row.clients.push(phase.serverClients);
      rows.set(phase.name, row);
      console.log(
        `    ${phase.name}: sockets ${phase.serverClients}, heap/agent ${f1(heap)} KB, CPU ${f1(phase.serverWindow.cpuPercentOfCore)} % of a core, ELU ${f1(phase.serverWindow.eventLoopUtilization * 100)} %, CPU/register ${f1(phase.perAgent.cpuUsPerRegister)} µs, RTT p50/p95 ${f1(phase.registers.roundTrip.p50)}/${f1(phase.registers.roundTrip.p95)} ms`,
      );
    }
  }
  console.log('  medians:');
  for (const [name, r] of rows) {
    console.log(
      `    ${name} (${r.clients.length} runs, sockets ${r.clients.join('/')}): heap/agent ${f1(median(r.heap))} KB${r.heapWarm.length ? ` (${f1(median(r.heapWarm))} from the warm PBX)` : ''}, RSS/agent ${f1(median(r.rss))} KB, CPU ${f1(median(r.cpu))} % of a core, ELU ${f1(median(r.elu))} %, CPU/register ${f1(median(r.cpuReg))} µs, register RTT p50 ${f1(median(r.p50))} ms, p95 ${f1(median(r.p95))} ms`,
    );
  }
}

const pops = parsed.filter((p): p is { file: string; data: PopResult } => 'calls' in p.data);
if (pops.length) {
  console.log('screen pop (ms)');
  const rows = new Map<string, Record<string, number[]>>();
  for (const { file, data } of pops) {
    console.log(`  ${file}: load ${load(data)}`);
    for (const [name, s] of Object.entries(data.results)) {
      const row = rows.get(name) ?? {};
      const add = (key: string, value: number) => (row[key] ??= []).push(value);
      add('ring→visible p50', s.ringToVisible.p50);
      add('ring→visible p95', s.ringToVisible.p95);
      add('ring→visible max', s.ringToVisible.max);
      add('POST→visible p50', s.postToVisible.p50);
      add('POST→visible p95', s.postToVisible.p95);
      add('ring→shell p50', s.ringToShell.p50);
      add('ring→lookup start p50', s.ringToLookupStart.p50);
      add('lookup p50', s.lookupDuration.p50);
      rows.set(name, row);
      console.log(`    ${name}: n ${s.ringToVisible.n}, ring→visible p50 ${f1(s.ringToVisible.p50)}, p95 ${f1(s.ringToVisible.p95)}, max ${f1(s.ringToVisible.max)}; POST→visible p50 ${f1(s.postToVisible.p50)}, p95 ${f1(s.postToVisible.p95)}`);
    }
  }
  console.log('  medians over runs:');
  for (const [name, row] of rows) console.log(`    ${name}: ${Object.entries(row).map(([k, v]) => `${k} ${f1(median(v.filter(Number.isFinite)))}`).join(', ')}`);
}
