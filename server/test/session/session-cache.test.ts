import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../../src/services/session/session-cache';
import { buildTestApp, loginAs, post, type TestApp } from '../helpers/build-test-app';

type Check = { live: boolean; n: number };
const keepLive = (value: Check) => value.live;

describe('SessionCache', () => {
  const started = () => {
    let now = 0;
    const cache = new SessionCache<Check>(() => now);
    cache.setLive(true);
    let loads = 0;
    const loader = (live = true) => async () => ({ live, n: ++loads });
    return { cache, loader, advance: (ms: number) => (now += ms), loads: () => loads };
  };

  it('answers a live session from memory until its time is up, then asks again', async () => {
    const { cache, loader, advance, loads } = started();
    expect(await cache.load('1:a', loader(), keepLive)).toEqual({ live: true, n: 1 });
    advance(14_999);
    expect(await cache.load('1:a', loader(), keepLive)).toEqual({ live: true, n: 1 });
    advance(1);
    expect(await cache.load('1:a', loader(), keepLive)).toEqual({ live: true, n: 2 });
    expect(loads()).toBe(2);
  });

  it('never keeps a refused session: it is asked again every time', async () => {
    const { cache, loader, loads } = started();
    await cache.load('1:a', loader(false), keepLive);
    await cache.load('1:a', loader(false), keepLive);
    expect(loads()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer read before a change that happened while it was in flight', async () => {
    const { cache } = started();
    let release!: () => void;
    const slow = cache.load('1:a', () => new Promise<Check>((resolve) => (release = () => resolve({ live: true, n: 1 }))), keepLive);
    cache.invalidate();
    release();
    expect(await slow).toEqual({ live: true, n: 1 });
    expect(cache.size).toBe(0);
  });

  it('keeps nothing while the notification connection is down', async () => {
    const { cache, loader, loads } = started();
    await cache.load('1:a', loader(), keepLive);
    cache.setLive(false);
    await cache.load('1:a', loader(), keepLive);
    await cache.load('1:a', loader(), keepLive);
    expect(loads()).toBe(3);
  });

  it("empties itself on this process's writes to users, companies and refresh_tokens, and on no other", async () => {
    const { cache, loader } = started();
    const filled = async () => {
      await cache.load('1:a', loader(), keepLive);
      return cache.size;
    };
    for (const text of ['update "users" set "status" = $1', 'delete from "refresh_tokens" where 1=1', 'UPDATE companies SET deleted_at = now()', 'truncate table "users"']) {
      expect(await filled()).toBe(1);
      cache.observe(text);
      expect(cache.size, text).toBe(0);
    }
    for (const text of ['select "users"."id" from "users"', 'update "members" set "name" = $1', 'insert into "refresh_tokens" values ($1)', 'update "users_extra" set x = 1']) {
      expect(await filled()).toBe(1);
      cache.observe(text);
      expect(cache.size, text).toBe(1);
    }
  });
});

describe('session cache in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const checkUser = (token: string) => post(t.app, '/users/check-user', undefined, { token });
  /** The session's answers until `expected` (a notification from another connection arrives asynchronously). */
  async function eventually(token: string, expected: number): Promise<number> {
    const deadline = Date.now() + 5000;
    let status = 0;
    while (Date.now() < deadline && (status = (await checkUser(token)).statusCode) !== expected) await new Promise((resolve) => setTimeout(resolve, 20));
    return status;
  }

  it('ends a session at once when the app itself deactivates the user', async () => {
    const { access_token } = await loginAs(t.app, 'agent2');
    expect((await checkUser(access_token)).statusCode).toBe(200);
    expect((await checkUser(access_token)).statusCode).toBe(200);
    await t.db.execute(sql`update users set status = 'inactive' where username = 'agent2'`);
    expect((await checkUser(access_token)).statusCode).toBe(401);
    await t.db.execute(sql`update users set status = 'active' where username = 'agent2'`);
    expect((await checkUser(access_token)).statusCode).toBe(200);
  });

  it('ends a session when someone outside this process changes it (the trigger notification)', async () => {
    const { access_token } = await loginAs(t.app, 'acme-agent');
    expect((await checkUser(access_token)).statusCode).toBe(200);
    expect((await checkUser(access_token)).statusCode).toBe(200);
    // Through the driver itself (PGlite or the pg pool), as another process or psql would: drizzle, and
    // so this process's statement observer, never sees it.
    const driver = (t.db as unknown as { $client: { query(text: string): Promise<unknown> } }).$client;
    await driver.query(`update users set status = 'inactive' where username = 'acme-agent'`);
    expect(await eventually(access_token, 401)).toBe(401);
    await driver.query(`update users set status = 'active' where username = 'acme-agent'`);
  });

  it('ends a session at logout even while its check is cached', async () => {
    const { access_token } = await loginAs(t.app, 'agent1');
    expect((await checkUser(access_token)).statusCode).toBe(200);
    expect((await post(t.app, '/logout', undefined, { token: access_token })).statusCode).toBeLessThan(300);
    expect((await checkUser(access_token)).statusCode).toBe(401);
  });
});
