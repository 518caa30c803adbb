import { eq } from 'drizzle-orm';
import { count } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { seedDemoData } from '../../src/db/seed';
import { createPasswordHasher } from '../../src/lib/passwords';
import {
  assertProductionConfig,
  assertProductionDatabase,
  findAccountsWithDemoPasswords,
  StartupRefusal,
} from '../../src/startup-guard';
import { buildTestApp, testConfig, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const production = (overrides: Parameters<typeof testConfig>[0] = {}) => testConfig({ nodeEnv: 'production', ...overrides });
const strongSecret = 'x'.repeat(48);

describe('production refusals (CONTRACT §2)', () => {
  it('refuses without JWT_SECRET, in one line', () => {
    const config = production({ jwtSecretIsDefault: true });
    expect(() => assertProductionConfig(config)).toThrow(StartupRefusal);
    expect(() => assertProductionConfig(config)).toThrow(/JWT_SECRET/);
    try {
      assertProductionConfig(config);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('refuses a short JWT_SECRET and accepts a long one', () => {
    expect(() => assertProductionConfig(production({ jwtSecret: 'short', jwtSecretIsDefault: false }))).toThrow(StartupRefusal);
    expect(() => assertProductionConfig(production({ jwtSecret: strongSecret, jwtSecretIsDefault: false }))).not.toThrow();
  });

  it('ignores the checks outside production', () => {
    expect(() => assertProductionConfig(testConfig())).not.toThrow();
  });

  it('refuses while any demo account still has its demo password', async () => {
    const config = production({ jwtSecret: strongSecret, jwtSecretIsDefault: false });
    const hasher = createPasswordHasher(config.argon2);
    expect((await findAccountsWithDemoPasswords(t.db, hasher)).sort()).toEqual(
      ['acme-agent', 'acme-manager', 'admin', 'agent1', 'agent2', 'manager', 'user'],
    );
    await expect(assertProductionDatabase(config, t.db, hasher)).rejects.toThrow(/demo password/);
    await expect(assertProductionDatabase(testConfig(), t.db, hasher)).resolves.toBeUndefined();
  });

  it('starts once every demo password is changed or the account deleted', async () => {
    const config = production({ jwtSecret: strongSecret, jwtSecretIsDefault: false });
    const hasher = createPasswordHasher(config.argon2);
    const changed = await hasher.hash('a-real-password-nobody-knows');
    await t.db.update(users).set({ passwordHash: changed });
    await t.db.update(users).set({ deletedAt: new Date(), passwordHash: await hasher.hash('agent1234') }).where(eq(users.username, 'agent2'));
    await expect(assertProductionDatabase(config, t.db, hasher)).resolves.toBeUndefined();
  });

  it('never seeds in production, and never seeds a database that has users', async () => {
    const hasher = createPasswordHasher(testConfig().argon2);
    const before = await t.db.select({ n: count() }).from(users);
    expect(await seedDemoData(t.db, { hasher, production: true })).toBe('skipped-production');
    expect(await seedDemoData(t.db, { hasher, production: false })).toBe('skipped-not-empty');
    expect(await t.db.select({ n: count() }).from(users)).toEqual(before);
  });
});
