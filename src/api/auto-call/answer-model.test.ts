import { createAnswerModel, DEFAULT_ANSWER_RATES, drawDuration, seededRandom, type AnswerRates } from './answer-model';

const draws = (seed: number, n: number, rates?: AnswerRates) => {
  const model = createAnswerModel(seed, rates);
  return Array.from({ length: n }, () => model.next());
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('answer model', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    expect(draws(42, 500)).toEqual(draws(42, 500));
    expect(draws(42, 500)).not.toEqual(draws(43, 500));
  });

  it('matches the configured rates within 1.5 points over 10,000 draws', () => {
    const outcomes = draws(7, 10_000);
    const share = (kind: string) => outcomes.filter((o) => o.kind === kind).length / outcomes.length;
    expect(Math.abs(share('human') - DEFAULT_ANSWER_RATES.human)).toBeLessThan(0.015);
    expect(Math.abs(share('busy') - DEFAULT_ANSWER_RATES.busy)).toBeLessThan(0.015);
    expect(Math.abs(share('no_answer') - DEFAULT_ANSWER_RATES.noAnswer)).toBeLessThan(0.015);
    expect(Math.abs(share('machine') - DEFAULT_ANSWER_RATES.machine)).toBeLessThan(0.015);
  });

  it('draws talk and answer delays with the configured means, and rings no answer for the time-out', () => {
    const outcomes = draws(11, 10_000);
    const humans = outcomes.filter((o) => o.kind === 'human');
    expect(mean(humans.map((o) => o.talkMs)) / 60_000).toBeGreaterThan(0.95);
    expect(mean(humans.map((o) => o.talkMs)) / 60_000).toBeLessThan(1.05);
    expect(mean(humans.map((o) => o.ringMs)) / 7_000).toBeGreaterThan(0.95);
    expect(mean(humans.map((o) => o.ringMs)) / 7_000).toBeLessThan(1.05);
    expect(Math.max(...humans.map((o) => o.ringMs))).toBeLessThan(15_000);
    for (const o of outcomes.filter((x) => x.kind === 'no_answer')) {
      expect(o).toMatchObject({ ringMs: 15_000, detectedAs: null, talkMs: 0 });
    }
  });

  it('makes answering-machine detection mistakes at the configured rate, both ways', () => {
    const rates: AnswerRates = { ...DEFAULT_ANSWER_RATES, human: 0.5, machine: 0.5, busy: 0, noAnswer: 0, amdErrorRate: 0.1 };
    const outcomes = draws(3, 10_000, rates);
    const humans = outcomes.filter((o) => o.kind === 'human');
    const machines = outcomes.filter((o) => o.kind === 'machine');
    const wrong = (list: typeof outcomes, as: string) => list.filter((o) => o.detectedAs === as).length / list.length;
    expect(Math.abs(wrong(humans, 'machine') - 0.1)).toBeLessThan(0.015);
    expect(Math.abs(wrong(machines, 'human') - 0.1)).toBeLessThan(0.015);
    expect(machines.every((o) => o.talkMs === 0)).toBe(true);
  });

  it('refuses rates that do not add up to 1', () => {
    expect(() => createAnswerModel(1, { ...DEFAULT_ANSWER_RATES, human: 0.5 })).toThrow(/add up to 1/);
  });

  it('draws exponential durations with the given mean', () => {
    const random = seededRandom(5);
    const values = Array.from({ length: 10_000 }, () => drawDuration({ dist: 'exponential', meanMs: 30_000 }, random));
    expect(mean(values) / 30_000).toBeGreaterThan(0.95);
    expect(mean(values) / 30_000).toBeLessThan(1.05);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
  });
});
