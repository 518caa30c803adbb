import { eq } from 'drizzle-orm';
import { callbacks, users } from '../../src/db/schema';
import { claimDueTries } from '../../src/services/callbacks/auto-callback-store';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

/**
 * Claiming due automatic tries (docs/calls.md "Automatic callbacks") takes at most the number asked for,
 * each row once: the candidates are locked in a materialised CTE, which PostgreSQL does not run again
 * per updated row as it may an `id in (select … for update skip locked)`.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const [manager] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'manager'));
  const companyId = manager!.companyId!;
  await t.db.insert(callbacks).values(
    Array.from({ length: 5 }, (_, index) => ({
      companyId,
      phoneNumber: `0105555700${index}`,
      source: 'missed_call' as const,
      autoState: 'scheduled' as const,
      autoGroup: '800',
      nextAttemptAt: new Date(Date.now() - 60_000 - index * 1000),
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

it('takes at most the number asked for, oldest first, and never the same try twice', async () => {
  const first = await claimDueTries(t.db, 2);
  const second = await claimDueTries(t.db, 2);
  const third = await claimDueTries(t.db, 2);
  expect([first.length, second.length, third.length]).toEqual([2, 2, 1]);
  const numbers = [...first, ...second, ...third].map((claim) => claim.phoneNumber);
  expect(new Set(numbers).size).toBe(5);
  expect(first.map((claim) => claim.phoneNumber).sort()).toEqual(['01055557003', '01055557004']);
  expect([...first, ...second, ...third].every((claim) => claim.autoAttempts === 1)).toBe(true);
  expect(await claimDueTries(t.db, 2)).toEqual([]);
});
