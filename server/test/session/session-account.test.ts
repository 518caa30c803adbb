import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../src/db/schema';
import { canHoldSession, loadAccountForToken } from '../../src/services/session/account';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

/** The per-request session read (a narrow, prepared query): what it answers decides who is let in. */
describe('loadAccountForToken', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const idOf = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  it('answers the platform administrator without a company and an agent with theirs', async () => {
    const admin = await loadAccountForToken(t.db, await idOf('admin'), randomUUID());
    expect(admin?.company).toBeNull();
    expect(canHoldSession(admin)).toBe(true);
    const agent = await loadAccountForToken(t.db, await idOf('agent1'), randomUUID());
    expect(agent?.company).toMatchObject({ deletedAt: null });
    expect(agent?.user.extension).toBe('1001');
    expect(agent?.familyActive).toBe(false);
    expect(canHoldSession(agent)).toBe(true);
  });

  it("refuses an agent whose company was deleted, and a user who does not exist", async () => {
    const agentId = await idOf('acme-agent');
    const [row] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, agentId));
    await t.db.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, row!.companyId!));
    expect(canHoldSession(await loadAccountForToken(t.db, agentId, randomUUID()))).toBe(false);
    expect(await loadAccountForToken(t.db, 999_999, randomUUID())).toBeNull();
  });
});
