import { applyDialled, applyResult, dialableCount, initialCounts, isAllDone, remainingCount } from './run-counts';

describe('run counts', () => {
  it('takes fresh numbers up to the total and no more', () => {
    let c = initialCounts(2);
    c = applyDialled(c, 'a')!;
    c = applyDialled(c, 'b')!;
    expect(c).toMatchObject({ taken: 2, dialled: 2, inFlight: ['a', 'b'] });
    expect(applyDialled(c, 'c')).toBeNull();
    expect(dialableCount(c, 0)).toBe(0);
  });

  it('a retried number comes back dialable when due, and its second dial takes no fresh number', () => {
    let c = applyDialled(initialCounts(3), 'a')!;
    c = applyResult(c, 'a', 'no_answer', 5_000)!;
    expect(c.results.no_answer).toBe(0);
    expect(c.attempts.no_answer).toBe(1);
    expect(dialableCount(c, 4_999)).toBe(2);
    expect(dialableCount(c, 5_000)).toBe(3);
    c = applyDialled(c, 'a')!;
    expect(c).toMatchObject({ taken: 1, dialled: 2, retries: [] });
    expect(remainingCount(c)).toBe(3);
  });

  it('keeps the latest human answers in the abandon window, drops as 1', () => {
    let c = initialCounts(4);
    for (const [id, result] of [['a', 'success'], ['b', 'machine'], ['c', 'dropcall'], ['d', 'listen_hangup']] as const) {
      c = applyResult(applyDialled(c, id)!, id, result)!;
    }
    expect(c.abandonWindow).toEqual([0, 1, 0]);
    expect(isAllDone(c)).toBe(true);
    expect(remainingCount(c)).toBe(0);
  });

  it('is plain JSON: a round trip changes nothing', () => {
    const c = applyResult(applyDialled(initialCounts(5), 7)!, 7, 'busy', 1_000)!;
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  });
});
