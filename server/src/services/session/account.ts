import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, refreshTokens, users, type CompanyRow, type UserRow } from '../../db/schema';
import { sessionCachesOf } from './session-cache';

/** A user with their company, as every session check needs them. */
export interface Account {
  user: UserRow;
  company: CompanyRow | null;
}

export async function loadAccount(db: Database, where: ReturnType<typeof eq>): Promise<Account | null> {
  const [row] = await db.select().from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(where).limit(1);
  return row ? { user: row.users, company: row.companies } : null;
}

export const loadAccountById = (db: Database, userId: number) => loadAccount(db, eq(users.id, userId));

/** What a session check reads of a user and their company (every authenticated request reads it). */
export interface SessionAccount {
  user: Pick<UserRow, 'id' | 'role' | 'companyId' | 'status' | 'deletedAt' | 'permissions' | 'extension'>;
  company: Pick<CompanyRow, 'id' | 'deletedAt' | 'permissions'> | null;
}

/**
 * Whether the account may hold a session: not deleted, active, and (for company users) in a company
 * that still exists. Checked at sign-in, at refresh and on every authenticated request.
 */
export function canHoldSession<A extends SessionAccount>(account: A | null): account is A {
  if (!account) return false;
  const { user, company } = account;
  if (user.deletedAt || user.status !== 'active') return false;
  if (user.role === 'admin') return true;
  return company !== null && company.deletedAt === null;
}

/**
 * The query behind every authenticated request, prepared once per database: building a drizzle query
 * costs more CPU than PostgreSQL spends answering it (bench:phone-lookup, docs/benchmarks.md), and a
 * named statement is also parsed and planned once per connection.
 */
function prepareAccountForToken(db: Database) {
  // The family must be this user's own: a token naming the admin and someone else's live login is no session.
  const familyActive = sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('familyId')} and ${refreshTokens.userId} = ${users.id} and ${refreshTokens.revokedAt} is null)`;
  return db
    // Only the columns a session check reads: the rows are parsed on every request and socket command.
    .select({
      user: { id: users.id, role: users.role, companyId: users.companyId, status: users.status, deletedAt: users.deletedAt, permissions: users.permissions, extension: users.extension },
      // The id first: drizzle reads a left-joined object as missing when its first column is null.
      company: { id: companies.id, deletedAt: companies.deletedAt, permissions: companies.permissions },
      familyActive,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('account_for_token');
}
const preparedAccountForToken = new WeakMap<Database, ReturnType<typeof prepareAccountForToken>>();

/** A session check's answer: the account and whether the token's login (its refresh family) is live. */
export type AccountCheck = SessionAccount & { familyActive: boolean };

/**
 * At most one query per authenticated request: the account and whether the token's login is still live,
 * from the process's session cache when the app runs one (session-cache.ts says how it stays correct).
 * The answer is shared between requests: read it, never change it.
 */
export async function loadAccountForToken(db: Database, userId: number, familyId: string): Promise<AccountCheck | null> {
  const query = () => queryAccountForToken(db, userId, familyId);
  const cache = sessionCachesOf(db)?.accounts;
  return cache ? cache.load(`${userId}:${familyId}`, query, (check) => check.familyActive && canHoldSession(check)) : query();
}

async function queryAccountForToken(db: Database, userId: number, familyId: string): Promise<AccountCheck | null> {
  let statement = preparedAccountForToken.get(db);
  if (!statement) preparedAccountForToken.set(db, (statement = prepareAccountForToken(db)));
  const [row] = await statement.execute({ userId, familyId });
  if (!row) return null;
  return { user: row.user, company: row.company, familyActive: Boolean(row.familyActive) };
}
