import { setImmediate as nextTurn } from 'node:timers/promises';
import { MicroBatch } from '../../src/lib/micro-batch';

/** A batch runner that records its calls and answers when told to. */
function recordingRunner() {
  const calls: { group: string; items: number[]; finish(): void; fail(error: Error): void }[] = [];
  const run = (group: string, items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({ group, items, finish: () => resolve(items.map((item) => `${group}:${item}`)), fail: reject });
    });
  return { calls, run };
}

describe('MicroBatch', () => {
  it('answers the requests of one turn with one call per group, equal items sharing one answer', async () => {
    const { calls, run } = recordingRunner();
    const batch = new MicroBatch({ run, maxInFlight: 2, maxBatch: 10 });
    const answers = Promise.all([batch.load('a', 1), batch.load('b', 1), batch.load('a', 2), batch.load('a', 1)]);
    await nextTurn();
    expect(calls.map(({ group, items }) => [group, items])).toEqual([
      ['a', [1, 2]],
      ['b', [1]],
    ]);
    for (const call of calls) call.finish();
    expect(await answers).toEqual(['a:1', 'b:1', 'a:2', 'a:1']);
  });

  it('keeps at most maxInFlight batches running; what arrives meanwhile goes out together', async () => {
    const { calls, run } = recordingRunner();
    const batch = new MicroBatch({ run, maxInFlight: 1, maxBatch: 10 });
    const first = batch.load('a', 1);
    await nextTurn();
    const later = [batch.load('a', 2), batch.load('a', 3)];
    await nextTurn();
    await nextTurn();
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    expect(await first).toBe('a:1');
    await nextTurn();
    await nextTurn();
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3]]);
    calls[1]!.finish();
    expect(await Promise.all(later)).toEqual(['a:2', 'a:3']);
  });

  it('splits a group into batches of at most maxBatch distinct items', async () => {
    const { calls, run } = recordingRunner();
    const batch = new MicroBatch({ run, maxInFlight: 4, maxBatch: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map((item) => batch.load('a', item)));
    await nextTurn();
    expect(calls.map((call) => call.items)).toEqual([[1, 2], [3, 4], [5]]);
    for (const call of calls) call.finish();
    expect(await answers).toEqual(['a:1', 'a:2', 'a:3', 'a:4', 'a:5']);
  });

  it('rejects every request of a failed batch and goes on with the next', async () => {
    const { calls, run } = recordingRunner();
    const batch = new MicroBatch({ run, maxInFlight: 1, maxBatch: 10 });
    const failing = [batch.load('a', 1), batch.load('a', 2)].map((promise) => promise.catch((error: Error) => error.message));
    await nextTurn();
    calls[0]!.fail(new Error('database went away'));
    expect(await Promise.all(failing)).toEqual(['database went away', 'database went away']);
    const next = batch.load('a', 3);
    await nextTurn();
    calls[1]!.finish();
    expect(await next).toBe('a:3');
  });
});
