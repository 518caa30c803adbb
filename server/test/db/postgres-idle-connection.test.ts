import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

/**
 * PostgreSQL may end an idle connection at any time (a restart, an administrator, a failover). The pool
 * must drop it and carry on: an unhandled 'error' on the pool would crash the whole server.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL ending idle connections', () => {
  let testApp: TestApp | undefined;
  afterAll(() => testApp?.close());

  it('keeps serving after the server terminates every idle connection of the app', async () => {
    testApp = await buildTestApp();
    const { db, config } = testApp;
    await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
    const database = new URL(config.databaseUrl!).pathname.slice(1);

    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const terminated = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    await admin.end();
    expect(terminated.rowCount).toBeGreaterThan(0);

    await new Promise((resolve) => setTimeout(resolve, 200));
    const health = await testApp.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    const result = await db.execute(sql`select 1 as one`);
    expect((result as unknown as { rows: { one: number }[] }).rows[0]?.one).toBe(1);
  });
});
