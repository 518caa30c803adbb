import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Member } from '../../../../src/api/contracts/member.contract';
import type { Database } from '../../db/client';
import type { CompanyScope } from '../../db/company-scope';
import { members } from '../../db/schema';
import { memberResource } from './member.resource';

/** How many members a phone lookup lists; `memberCount` is always the full count. */
const PHONE_LOOKUP_LIMIT = 100;

/**
 * The screen pop's query (`member/phone-number/{number}`) runs on every ring, so it is one statement,
 * prepared once per database: the members of the scope's company with that (normalised) number, in id
 * order, and how many there are in all (`count(*) over ()` is computed before the limit). Building a
 * drizzle query costs more CPU than PostgreSQL spends answering this one (docs/benchmarks.md).
 */
function prepareLookup(db: Database) {
  return db
    .select({ member: getTableColumns(members), total: sql<string>`count(*) over ()` })
    .from(members)
    .where(and(eq(members.companyId, sql.placeholder('companyId')), eq(members.phoneNumber, sql.placeholder('phoneNumber'))))
    .orderBy(asc(members.id))
    .limit(PHONE_LOOKUP_LIMIT)
    .prepare('member_phone_lookup');
}
const prepared = new WeakMap<Database, ReturnType<typeof prepareLookup>>();

export async function lookupMembersByPhone(scope: CompanyScope, phoneNumber: string): Promise<{ memberCount: number; data: Member[] }> {
  let statement = prepared.get(scope.db);
  if (!statement) prepared.set(scope.db, (statement = prepareLookup(scope.db)));
  const rows = await statement.execute({ companyId: scope.companyId, phoneNumber });
  return { memberCount: Number(rows[0]?.total ?? 0), data: rows.map((row) => memberResource.toRecord(row.member)) };
}
