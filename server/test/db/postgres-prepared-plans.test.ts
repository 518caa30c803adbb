import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../helpers/build-test-app';

/**
 * The screen pop's lookup is a named statement. PostgreSQL's default would plan it again on every
 * execution (its generic plan guesses ten numbers and looks dearer than a custom one), and planning cost
 * more than running it: the pool's connections keep generic plans for named statements (db/client.ts).
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL named statements', () => {
  let testApp: TestApp | undefined;
  afterAll(() => testApp?.close());

  it('runs the phone lookup on its generic plan, never replanning it', async () => {
    testApp = await buildTestApp();
    const { app, db } = testApp;
    const token = (await loginAs(app, 'manager')).access_token;
    // One at a time, so the pool hands the same (most recently released) connection back each time.
    for (let i = 0; i < 8; i += 1) {
      const response = await app.inject({ method: 'POST', url: `/api/v1/member/phone-number/0105555000${i}`, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(200);
    }
    const result = await db.execute(sql`select generic_plans, custom_plans from pg_prepared_statements where name = 'member_phone_lookup'`);
    const [plans] = (result as unknown as { rows: { generic_plans: string; custom_plans: string }[] }).rows;
    expect(Number(plans?.generic_plans)).toBeGreaterThanOrEqual(8);
    expect(Number(plans?.custom_plans)).toBe(0);
  });
});
