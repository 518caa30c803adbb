import { and, inArray, isNull } from 'drizzle-orm';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { DEMO_ACCOUNTS } from './db/demo-data';
import { users } from './db/schema';
import type { PasswordHasher } from './lib/passwords';

/** A reason not to start; main.ts prints the message on one line and exits with code 1. */
export class StartupRefusal extends Error {
  override name = 'StartupRefusal';
}

const MIN_PRODUCTION_SECRET_LENGTH = 32;

/** Checks that need no database; run before opening it (CONTRACT §2: no JWT_SECRET, no start). */
export function assertProductionConfig(config: AppConfig): void {
  if (config.nodeEnv !== 'production') return;
  if (config.jwtSecretIsDefault) {
    throw new StartupRefusal('Refusing to start: NODE_ENV=production needs JWT_SECRET (a random string of 32+ characters).');
  }
  if (config.jwtSecret.length < MIN_PRODUCTION_SECRET_LENGTH) {
    throw new StartupRefusal(`Refusing to start: JWT_SECRET must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters in production.`);
  }
}

/** Demo accounts (CONTRACT §6) that still sign in with their published demo password. */
export async function findAccountsWithDemoPasswords(db: Database, hasher: PasswordHasher): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(users.username, DEMO_ACCOUNTS.map((a) => a.username)), isNull(users.deletedAt)));
  const found: string[] = [];
  for (const row of rows) {
    const demo = DEMO_ACCOUNTS.find((a) => a.username === row.username);
    if (demo && (await hasher.verify(row.passwordHash, demo.password))) found.push(row.username);
  }
  return found;
}

/** Checks against the opened database: production refuses while a demo password still works. */
export async function assertProductionDatabase(config: AppConfig, db: Database, hasher: PasswordHasher): Promise<void> {
  if (config.nodeEnv !== 'production') return;
  const found = await findAccountsWithDemoPasswords(db, hasher);
  if (found.length > 0) {
    throw new StartupRefusal(
      `Refusing to start: demo account(s) ${found.join(', ')} still use the demo password; change or delete them first.`,
    );
  }
}
