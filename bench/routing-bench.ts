/**
 * npm run bench:routing — the two figures of issue 17 (docs/benchmarks.md "Routing"):
 *
 * 1. decision: `routeCall` (src/api/routing/route-call.ts) with 50 time conditions, 3 nested IVRs and a
 *    calendar of 1,000 holidays, on random calls over a year (random times, keys, callers): the time of
 *    each decision (p50, p99, max) and the CPU per decision over the whole run. Goal: p99 < 1 ms.
 * 2. throughput: the built-in PBX (SimulatorDriver) placing calls, in one run and interleaved in rounds:
 *    straight to extension 1001, and to an inbound number whose path is time conditions (none holding
 *    at that hour) → IVR → IVR → IVR → queue 500. The routed calls read the company's applied routing
 *    from the database (PGlite, routing_applied) for every call, as the app does. Each call is placed,
 *    rings (one line: queue 500 has 1001 alone), and is hung up from the far side before the next. The
 *    applied routing and the work-time switch are read from the database at most once a second per
 *    company (services/routing/route-inbound.ts). Goal: routed ≥ 0.8 × direct calls/s.
 *
 * Environment: BENCH_DECISIONS (100000), BENCH_CALLS (400 per kind), BENCH_ROUNDS (4), BENCH_JSON.
 */
import { writeFileSync } from 'node:fs';
import { routeCall, seoulDay, type RoutingConfig, type TimeConditionOfRouting } from '../src/api/routing/route-call';
import { NO_RANGES } from '../src/api/routing/time-condition-rules';
import { routeInboundCall } from '../server/src/services/routing/route-inbound';
import { SimulatorDriver } from '../server/src/telephony/simulator/simulator-driver';
import { DEMO_DIRECTORY } from '../server/test/telephony/simulator-helpers';
import { buildTestApp, loginAs, post } from '../server/test/helpers/build-test-app';

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const DECISIONS = intEnv('BENCH_DECISIONS', 100_000);
const CALLS = intEnv('BENCH_CALLS', 400);
const ROUNDS = intEnv('BENCH_ROUNDS', 4);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const fixed = (n: number, digits = 3) => Number(n.toFixed(digits));

// --- the routing under test -------------------------------------------------------------------------------

const blank = NO_RANGES;

/** 50 conditions: 45 one-day holidays through the year, 3 temporary holidays, lunch, working hours. */
const allDay = { start_hour: 0, start_minute: 0, end_hour: 0, end_minute: 0 };
function fiftyConditions(): TimeConditionOfRouting[] {
  const conditions: TimeConditionOfRouting[] = [];
  for (let i = 0; i < 45; i++) {
    const month = 1 + (i % 12);
    const date = 1 + ((i * 7) % 28);
    conditions.push({ ...blank, ...allDay, id: i + 1, name: `Holiday ${i}`, type: 'holiday', start_weekday: 1, end_weekday: 7, start_month: month, end_month: month, start_date: date, end_date: date, destination: { type: 'hangup', target: null }, sound_file_id: null, korean_holidays: i === 0 });
  }
  for (let i = 0; i < 3; i++) {
    conditions.push({ ...blank, ...allDay, id: 46 + i, name: `Temporary ${i}`, type: 'custom_temporary_holiday', start_weekday: 1, end_weekday: 7, start_month: 8, end_month: 8, start_date: 10 + i, end_date: 10 + i, destination: { type: 'voicemail', target: null }, sound_file_id: null });
  }
  conditions.push({ ...blank, id: 49, name: 'Lunch', type: 'lunch_hour', start_weekday: 1, end_weekday: 5, start_month: 1, end_month: 12, start_date: 1, end_date: 31, start_hour: 12, start_minute: 0, end_hour: 13, end_minute: 0, destination: { type: 'callback_group', target: '800' }, sound_file_id: null });
  // One working-hour condition: each holds outside its own ranges, so a second span would close the first.
  conditions.push({ ...blank, id: 50, name: 'Weekdays', type: 'working_hour', start_weekday: 1, end_weekday: 5, start_month: 1, end_month: 12, start_date: 1, end_date: 31, start_hour: 9, start_minute: 0, end_hour: 18, end_minute: 0, destination: null, sound_file_id: 1 });
  return conditions;
}

const menu = (number: string, next: { type: 'ivr' | 'queue'; target: string }) => ({
  number,
  name: `Menu ${number}`,
  invalid_retries: 2,
  options: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '*', '#'].map((digit) => ({ digit, destination: digit === '1' ? next : { type: 'extension' as const, target: '1002' } })),
  timeout_destination: { type: 'queue' as const, target: '500' },
  invalid_destination: { type: 'hangup' as const, target: null },
});

const CONFIG: RoutingConfig = {
  inboundNumbers: [{ number: '0215880000', name: 'Main line', destination: { type: 'ivr', target: '700' } }],
  timeConditions: fiftyConditions(),
  ivrs: [menu('700', { type: 'ivr', target: '701' }), menu('701', { type: 'ivr', target: '702' }), menu('702', { type: 'queue', target: '500' })],
  ringGroups: ['600'],
  queues: ['500'],
  callbackGroups: ['800'],
  extensions: ['1000', '1001', '1002', '1003'],
  blacklist: Array.from({ length: 100 }, (_, i) => `0109999${String(i).padStart(4, '0')}`),
};

/** 1,000 holidays: every day from 2024-01-01 whose index is a multiple of 3 (through 2032). */
const HOLIDAYS = new Set(Array.from({ length: 1000 }, (_, i) => seoulDay(new Date(Date.UTC(2024, 0, 1 + i * 3)))));

function decisionBench() {
  const start2026 = Date.UTC(2025, 11, 31, 15);
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const keys = ['111', '1', '11', '2', '', '9', '113', '1#1', '**'];
  const calls = Array.from({ length: DECISIONS }, () => ({
    to: '0215880000',
    from: `0105555${String(Math.floor(random() * 10_000)).padStart(4, '0')}`,
    at: new Date(start2026 + Math.floor(random() * 365 * 24 * 60) * 60_000),
    digits: keys[Math.floor(random() * keys.length)]!,
  }));
  const isHoliday = (day: string) => HOLIDAYS.has(day);
  for (let i = 0; i < 5_000; i++) routeCall(CONFIG, calls[i % calls.length]!, isHoliday); // warm up
  const times: number[] = new Array(DECISIONS);
  const destinations = new Map<string, number>();
  const cpu = process.cpuUsage();
  for (let i = 0; i < DECISIONS; i++) {
    const begin = process.hrtime.bigint();
    const routed = routeCall(CONFIG, calls[i]!, isHoliday);
    times[i] = Number(process.hrtime.bigint() - begin) / 1e6;
    destinations.set(routed.destination.type, (destinations.get(routed.destination.type) ?? 0) + 1);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return {
    decisions: DECISIONS,
    p50_ms: fixed(quantile(times, 0.5), 4),
    p99_ms: fixed(quantile(times, 0.99), 4),
    max_ms: fixed(times[times.length - 1] ?? 0, 3),
    cpu_us_per_decision: fixed((used.user + used.system) / DECISIONS, 2),
    destinations: Object.fromEntries(destinations),
  };
}

// --- the built-in PBX ------------------------------------------------------------------------------------

async function throughputBench() {
  const t = await buildTestApp();
  try {
    const { access_token: token } = await loginAs(t.app, 'manager');
    const call = async (path: string, body: unknown) => {
      const response = await post(t.app, path, body as Parameters<typeof post>[2], { token });
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      return response.json<{ data?: { id: number } }>();
    };
    // The same routing as the decision bench, through the API: records, then Apply.
    await call('/callback-group/store', { number: '800', name: 'Call me back', members: ['1001'] });
    for (const ivr of [...CONFIG.ivrs].reverse()) {
      await call('/ivr/store', { ...ivr, timeout_s: 5, options: ivr.options.map((o) => ({ digit: o.digit, destination: o.destination })) });
    }
    await call('/inbound-number/store', { number: '0215880000', name: 'Main line', destination: { type: 'ivr', target: '700' } });
    for (const condition of CONFIG.timeConditions) {
      const { id: _id, korean_holidays, sound_file_id: _sound, destination, ...ranges } = condition;
      // No sound file in this database: the working-hour conditions play nothing and hang up instead.
      await call('/time-condition/store', { ...ranges, korean_holidays: korean_holidays ?? false, destination: destination ?? { type: 'hangup', target: null } });
    }
    await call('/routing/apply', {});
    const companyId = 1;

    const driver = new SimulatorDriver({
      server: 'bench-pbx',
      screen: { refusesCaller: async () => false, routeInbound: (request) => routeInboundCall(t.db, companyId, request) },
    });
    // Queue 500 rings 1001 alone, so both kinds of call ring one line and differ only by their way there.
    await driver.configure({ ...DEMO_DIRECTORY, queues: [{ number: '500', strategy: 'ringall', members: ['1001'] }] });
    for (const ext of ['1000', '1001', '1002', '1003']) await driver.register(ext);
    let rung = 0;
    driver.subscribe((event) => {
      if (event.type === 'inbound_call') rung += 1;
    });
    const simulator = driver.simulator!;
    // A Wednesday at 10:00 in Seoul: no condition holds, the keys 111 lead through the three menus to queue 500.
    const at = new Date('2026-11-25T01:00:00Z');
    const place = async (to: string, digits?: string) => {
      const { uniqueid, routed } = await simulator.placeInboundCall({ from: '01055550001', to, at, ...(digits ? { digits } : {}) });
      if (to !== '1001' && routed?.type !== 'queue') throw new Error(`routed to ${JSON.stringify(routed)}`);
      await simulator.hangupFromFar(uniqueid);
    };
    for (let i = 0; i < 50; i++) {
      await place('1001');
      await place('0215880000', '111');
    }
    const seconds = { direct: 0, routed: 0 };
    const perRound = Math.ceil(CALLS / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of round % 2 === 0 ? (['direct', 'routed'] as const) : (['routed', 'direct'] as const)) {
        const begin = performance.now();
        for (let i = 0; i < perRound; i++) await (kind === 'direct' ? place('1001') : place('0215880000', '111'));
        seconds[kind] += (performance.now() - begin) / 1000;
      }
    }
    await driver.close();
    const total = perRound * ROUNDS;
    const direct = total / seconds.direct;
    const routed = total / seconds.routed;
    return { calls_per_kind: total, rung, direct_calls_per_s: fixed(direct, 1), routed_calls_per_s: fixed(routed, 1), ratio: fixed(routed / direct, 3) };
  } finally {
    await t.close();
  }
}

async function main() {
  const decision = decisionBench();
  console.log(`decision: ${JSON.stringify(decision)}`);
  const throughput = await throughputBench();
  console.log(`throughput: ${JSON.stringify(throughput)}`);
  const verdict = { decision_p99_under_1ms: decision.p99_ms < 1, throughput_ratio_at_least_0_8: throughput.ratio >= 0.8 };
  console.log(`goals: ${JSON.stringify(verdict)}`);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ decision, throughput, verdict }, null, 2));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
