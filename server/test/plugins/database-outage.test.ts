import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import pg from 'pg';
import { buildTestApp, loginAs, post, type TestApp } from '../helpers/build-test-app';

/**
 * Issue 15 item 7: a database that cannot be reached answers 503 with `Retry-After`, not 500, and is
 * logged as a warning (an outage, not a bug). The driver errors below are the shapes node-postgres,
 * its pool and PGlite give, wrapped like drizzle wraps them.
 */

const driverError = (fields: { code?: string; message: string }) => Object.assign(new Error(fields.message), fields.code ? { code: fields.code } : {});
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select "id" from "members"\nparams: 1'), { name: 'DrizzleQueryError', cause });

const OUTAGES: Record<string, () => Error> = {
  refused: () => wrapped(driverError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' })),
  reset: () => driverError({ code: 'ECONNRESET', message: 'read ECONNRESET' }),
  admin_shutdown: () => wrapped(driverError({ code: '57P01', message: 'terminating connection due to administrator command' })),
  cannot_connect_now: () => wrapped(driverError({ code: '57P03', message: 'the database system is starting up' })),
  connection_failure: () => wrapped(driverError({ code: '08006', message: 'connection failure' })),
  terminated: () => wrapped(driverError({ message: 'Connection terminated unexpectedly' })),
  pool_ended: () => driverError({ message: 'Cannot use a pool after calling end on the pool' }),
  pglite_closed: () => wrapped(driverError({ message: 'PGlite is closed' })),
  all_addresses: () => wrapped(new AggregateError([driverError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED ::1:5432' })], '')),
};

function captureLogs() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { lines, logger: { level: 'warn', stream } };
}

describe('database outage → 503 with Retry-After', () => {
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await buildTestApp({
      logger: logs.logger,
      registerExtraRoutes: async (app: FastifyInstance) => {
        app.get('/api/v1/test/db-error/:kind', async (request) => {
          const make = OUTAGES[(request.params as { kind: string }).kind];
          throw make ? make() : wrapped(driverError({ code: '42P01', message: 'relation "nope" does not exist' }));
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(Object.keys(OUTAGES))('%s', async (kind) => {
    logs.lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/test/db-error/${kind}` });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: true, message: 'The database cannot be reached right now. Please try again in a few seconds.' });
    expect(logs.lines.map((line) => line.level)).toEqual([40]);
    expect(logs.lines[0]?.msg).not.toContain('params');
  });

  it('says so in Korean too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/db-error/refused', headers: { 'accept-language': 'ko' } });
    expect(response.json().message).toBe('지금은 데이터베이스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.');
  });

  it('a query that is wrong is still a 500 (a bug, logged as an error)', async () => {
    logs.lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/db-error/wrong' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(logs.lines.map((line) => line.level)).toEqual([50]);
  });
});

describe('the real database going away', () => {
  it('closed under a running app: health and an authenticated list answer 503', async () => {
    const t = await buildTestApp();
    try {
      const { access_token: token } = await loginAs(t.app, 'manager');
      await t.database.close();
      t.database.close = async () => {}; // closed once; t.close() still closes the app and drops the database
      const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      const list = await post(t.app, '/member/list', {}, { token });
      expect(list.statusCode).toBe(503);
      expect(list.json()).toEqual({ error: true, message: expect.stringContaining('database cannot be reached') });
    } finally {
      // Closing the app stops PGlite's LISTEN, which a closed PGlite refuses; nothing is left open.
      await t.close().catch((error: Error) => {
        if (!/PGlite is closed/.test(error.message)) throw error;
      });
    }
  });

  // PostgreSQL only: an administrator (or a failover) ends the connection in the middle of a query.
  it.skipIf(!process.env.DATABASE_URL)('a connection terminated with pg_terminate_backend mid-query answers 503', async () => {
    const t = await buildTestApp({
      registerExtraRoutes: async (app: FastifyInstance) => {
        app.get('/api/v1/test/slow', async () => {
          await app.db.execute(sql`select pg_sleep(30)`);
          return { done: true };
        });
      },
    });
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const database = new URL(t.config.databaseUrl!).pathname.slice(1);
      const pending = t.app.inject({ method: 'GET', url: '/api/v1/test/slow' });
      const sleeping = `select pid from pg_stat_activity where datname = $1 and query like 'select pg_sleep%'`;
      for (let tries = 0; tries < 100 && (await admin.query(sleeping, [database])).rowCount === 0; tries++) await new Promise((r) => setTimeout(r, 50));
      const ended = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'select pg_sleep%'`, [database]);
      expect(ended.rowCount).toBe(1);
      const response = await pending;
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      // The pool drops the dead connection and the next request is served again.
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await admin.end();
      await t.close();
    }
  });
});
