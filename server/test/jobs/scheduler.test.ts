import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { scheduledJobRuns } from '../../src/db/schema';
import { dailySeoulSlot, JobScheduler, seoulDay, seoulMoment, type ScheduledJob } from '../../src/services/jobs/scheduler';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

/**
 * The job scheduler (docs/jobs.md) with a fake clock: daily slots in Asia/Seoul, each slot run once by
 * one of several schedulers on one database (PGlite here, PostgreSQL when DATABASE_URL is set, since
 * buildTestApp follows it), a missed slot run by a process that starts later the same day.
 */

describe('slots', () => {
  const at = (iso: string) => Date.parse(iso);
  const due = dailySeoulSlot(8);

  it('is the Seoul day of a moment, across UTC midnight', () => {
    expect(seoulDay(at('2026-03-01T14:59:59Z'))).toBe('2026-03-01');
    expect(seoulDay(at('2026-03-01T15:00:00Z'))).toBe('2026-03-02');
    expect(seoulDay(at('2026-03-01T15:00:00Z'), -1)).toBe('2026-03-01');
    expect(new Date(seoulMoment('2026-03-02', 8)).toISOString()).toBe('2026-03-01T23:00:00.000Z');
  });

  it('is due from 08:00 Seoul until the Seoul day ends; never before 08:00', () => {
    // 07:59 Seoul (22:59 UTC the day before): nothing, not even yesterday's slot.
    expect(due(at('2026-03-01T22:59:59Z'))).toBeNull();
    // 08:00 Seoul sharp.
    expect(due(at('2026-03-01T23:00:00Z'))).toBe(at('2026-03-01T23:00:00Z'));
    // 23:59 Seoul: still today's slot (a process that started late runs it).
    expect(due(at('2026-03-02T14:59:00Z'))).toBe(at('2026-03-01T23:00:00Z'));
    // Seoul midnight: the next day, before its 08:00.
    expect(due(at('2026-03-02T15:00:00Z'))).toBeNull();
    expect(due(at('2026-03-02T23:00:00Z'))).toBe(at('2026-03-02T23:00:00Z'));
  });
});

describe('JobScheduler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(scheduledJobRuns).where(eq(scheduledJobRuns.jobName, 'test-job'));
  });

  function job(runs: string[], fail = false): ScheduledJob {
    return {
      name: 'test-job',
      dueSlot: dailySeoulSlot(8),
      run: async (slot) => {
        runs.push(slot.toISOString());
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (fail) throw new Error('mail server refused');
      },
    };
  }

  it('runs a slot once across two schedulers on one database, ticking at once and again', async () => {
    let now = Date.parse('2026-03-01T22:30:00Z'); // 07:30 Seoul
    const runs: string[] = [];
    const a = new JobScheduler(t.db, [job(runs)], { now: () => now, processId: 'a' });
    const b = new JobScheduler(t.db, [job(runs)], { now: () => now, processId: 'b' });
    expect([...(await a.tick()), ...(await b.tick())]).toEqual([]);

    now = Date.parse('2026-03-01T23:00:30Z'); // 08:00:30 Seoul
    const together = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(together.flat().map((run) => run.slot.toISOString())).toEqual(['2026-03-01T23:00:00.000Z']);
    expect(runs).toEqual(['2026-03-01T23:00:00.000Z']);

    now = Date.parse('2026-03-02T09:00:00Z'); // 18:00 Seoul: the same slot, already run
    expect([...(await a.tick()), ...(await b.tick())]).toEqual([]);

    const [row] = await t.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.jobName, 'test-job'));
    expect(row).toMatchObject({ error: null });
    expect(['a', 'b']).toContain(row!.claimedBy);
    expect(row!.finishedAt).toBeInstanceOf(Date);

    now = Date.parse('2026-03-02T23:00:01Z'); // the next day's 08:00
    expect((await b.tick()).map((run) => run.slot.toISOString())).toEqual(['2026-03-02T23:00:00.000Z']);
    expect(runs).toHaveLength(2);
  });

  it('runs a slot missed at 08:00 when a process starts later the same day, not the next morning', async () => {
    const runs: string[] = [];
    // Down all of 2 March (Seoul); a process starts on 3 March at 07:00 Seoul: 2 March's slot is gone.
    const early = new JobScheduler(t.db, [job(runs)], { now: () => Date.parse('2026-03-02T22:00:00Z') });
    expect(await early.tick()).toEqual([]);
    // Another starts at 13:00 Seoul the same day: 3 March's 08:00 slot runs now.
    const late = new JobScheduler(t.db, [job(runs)], { now: () => Date.parse('2026-03-03T04:00:00Z') });
    expect((await late.tick()).map((run) => run.slot.toISOString())).toEqual(['2026-03-02T23:00:00.000Z']);
    expect(runs).toEqual(['2026-03-02T23:00:00.000Z']);
  });

  it('records a failed run with its error and does not run the slot again', async () => {
    const runs: string[] = [];
    const errors: string[] = [];
    const now = () => Date.parse('2026-03-05T00:00:00Z');
    const scheduler = new JobScheduler(t.db, [job(runs, true)], { now, onError: (error) => errors.push(String(error)) });
    expect(await scheduler.tick()).toEqual([{ job: 'test-job', slot: new Date('2026-03-04T23:00:00Z'), error: 'mail server refused' }]);
    expect(await scheduler.tick()).toEqual([]);
    expect(runs).toHaveLength(1);
    expect(errors).toEqual(['Error: mail server refused']);
    const [row] = await t.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.jobName, 'test-job'));
    expect(row).toMatchObject({ error: 'mail server refused' });
  });

  it.skipIf(!process.env.DATABASE_URL)('PostgreSQL: schedulers on their own connection pools (as separate processes have) run a slot once', async () => {
    const pools = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: t.config.databaseUrl, pgliteDir: null })));
    try {
      const runs: string[] = [];
      const now = () => Date.parse('2026-03-08T00:00:00Z');
      const schedulers = pools.map((pool, i) => new JobScheduler(pool.db, [job(runs)], { now, processId: `process-${i}` }));
      const results = await Promise.all(schedulers.flatMap((scheduler) => [scheduler.tick(), scheduler.tick()]));
      expect(results.flat()).toHaveLength(1);
      expect(runs).toEqual(['2026-03-07T23:00:00.000Z']);
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
  });

  it('ticks on its own timer once started, and stops', async () => {
    const runs: string[] = [];
    const scheduler = new JobScheduler(t.db, [job(runs)], { now: () => Date.parse('2026-03-06T00:00:00Z'), firstAfterMs: 1, everyMs: 10 });
    scheduler.start();
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 60));
    await scheduler.stop();
    expect(runs).toEqual(['2026-03-05T23:00:00.000Z']);
  });
});
