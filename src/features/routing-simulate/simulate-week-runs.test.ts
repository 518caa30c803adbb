import { runPool, weekHours } from './simulate-week-runs';

describe('weekHours', () => {
  it('runs Monday 00:00 to Sunday 23:00 of the week holding the day, in Seoul', () => {
    const hours = weekHours('2026-11-27'); // a Friday
    expect(hours).toHaveLength(168);
    expect(hours[0]).toEqual({ day: '2026-11-23', weekday: 1, hour: 0, at: '2026-11-23T00:00:00+09:00' });
    expect(hours[167]).toEqual({ day: '2026-11-29', weekday: 7, hour: 23, at: '2026-11-29T23:00:00+09:00' });
    expect(weekHours('2026-11-29')[0]!.day).toBe('2026-11-23'); // a Sunday belongs to the week before it
    expect(weekHours('2026-12-28')[167]!.day).toBe('2027-01-03');
  });
});

describe('runPool', () => {
  it('runs every item, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runPool(
      Array.from({ length: 20 }, (_, i) => i),
      6,
      async (item) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
        return item * 2;
      },
      (result) => done.push(result),
    );
    expect(most).toBe(6);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
  });

  it('stops starting tasks after a failure and rejects with it', async () => {
    const started: number[] = [];
    const failure = new Error('422');
    await expect(
      runPool([1, 2, 3, 4, 5], 1, async (item) => {
        started.push(item);
        if (item === 2) throw failure;
        return item;
      }, () => {}),
    ).rejects.toBe(failure);
    expect(started).toEqual([1, 2]);
  });
});
