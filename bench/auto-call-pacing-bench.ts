/**
 * npm run bench:auto-call-pacing — progressive against predictive pacing (issue 19, docs/auto-call.md) on
 * one seeded population: 20,000 numbers, 20 agents, the default callees of the answer model (20 % human,
 * 15 % answering machine, 10 % busy, 55 % no answer; talk 60 s lognormal; answering-machine detection
 * wrong 0.5 % of the time), max abandon rate 3 %. Runs `simulatePacing` (src/api/auto-call), the discrete-
 * event model the runner's pacing is tested on, in virtual time; prints occupancy (talk with humans ÷
 * agents' logged-in time), the dropped share of human answers and calls per hour, for each seed.
 *
 * Environment: BENCH_NUMBERS (20000), BENCH_AGENTS (20), BENCH_SEEDS (1-5, e.g. "1-12" or "3").
 */
import { simulatePacing } from '../src/api/auto-call/simulate-pacing';

const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 20_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 20);
const [firstSeed, lastSeed] = (process.env.BENCH_SEEDS ?? '1-5').split('-').map(Number) as [number, number | undefined];
const GOAL_DROPPED = 0.03;
const GOAL_RATIO = 1.3;
const log = (line: string) => process.stdout.write(`${line}\n`);
const pct = (value: number) => `${(value * 100).toFixed(1)} %`;

log(`# bench:auto-call-pacing — ${NUMBERS.toLocaleString('en')} numbers, ${AGENTS} agents, max abandon rate 3 %`);
log('| seed | progressive (1 line per agent) occupancy / dropped / calls per hour | predictive occupancy / dropped / calls per hour | occupancy ratio |');
log('|---|---|---|---|');
let met = true;
for (let seed = firstSeed; seed <= (lastSeed ?? firstSeed); seed += 1) {
  const progressive = simulatePacing({ numbers: NUMBERS, agents: AGENTS, pacing: 'progressive', multiple: 1, seed });
  const predictive = simulatePacing({ numbers: NUMBERS, agents: AGENTS, pacing: 'predictive', seed });
  const ratio = predictive.occupancy / progressive.occupancy;
  met &&= predictive.droppedShare <= GOAL_DROPPED && ratio >= GOAL_RATIO;
  log(
    `| ${seed} | ${pct(progressive.occupancy)} / ${pct(progressive.droppedShare)} / ${Math.round(progressive.callsPerHour)} | ${pct(predictive.occupancy)} / ${pct(predictive.droppedShare)} / ${Math.round(predictive.callsPerHour)} | ${ratio.toFixed(2)}× |`,
  );
}
log(`goal (predictive dropped ≤ 3 % and occupancy ≥ ${GOAL_RATIO}× progressive's, every seed): ${met ? 'met' : 'NOT met'}`);
