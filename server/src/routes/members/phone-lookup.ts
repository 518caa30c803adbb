import { and, asc, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import type { Member } from '../../../../src/api/contracts/member.contract';
import type { Database } from '../../db/client';
import type { CompanyScope } from '../../db/company-scope';
import { members } from '../../db/schema';
import { MicroBatch } from '../../lib/micro-batch';
import { memberResource } from './member.resource';

/** How many members a phone lookup lists; `memberCount` is always the full count. */
const PHONE_LOOKUP_LIMIT = 100;

export interface PhoneLookup {
  memberCount: number;
  data: Member[];
}

/**
 * The screen pop's query (`member/phone-number/{number}`) runs on every ring. It is prepared once per
 * database and answers several numbers of one company at once: the members with each number, in id
 * order, at most PHONE_LOOKUP_LIMIT of them, and how many there are in all (the window functions are
 * computed before the rank filter). Building a drizzle query costs more CPU than PostgreSQL spends
 * answering this one (docs/benchmarks.md), and PostgreSQL keeps its generic plan instead of planning
 * it again for every ring (db/client.ts, docs/decisions.md).
 */
function prepareLookup(db: Database) {
  const ranked = db
    .select({
      ...getTableColumns(members),
      total: sql<string>`count(*) over (partition by ${members.phoneNumber})`.as('total'),
      rank: sql<string>`row_number() over (partition by ${members.phoneNumber} order by ${members.id})`.as('rank'),
    })
    .from(members)
    .where(and(eq(members.companyId, sql.placeholder('companyId')), sql`${members.phoneNumber} = any(${sql.placeholder('phoneNumbers')}::text[])`))
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, sql`${PHONE_LOOKUP_LIMIT}`))
    .orderBy(asc(ranked.id))
    .prepare('member_phone_lookup');
}

/**
 * One batcher per database: lookups that arrive together (a burst of rings, many agents' screens) share
 * one query per company (lib/micro-batch.ts). Two batches may run at once, so a lone lookup never waits
 * behind a slow one for long.
 */
function lookupBatcher(db: Database) {
  const statement = prepareLookup(db);
  return new MicroBatch<number, string, PhoneLookup>({
    maxInFlight: 2,
    maxBatch: 64,
    async run(companyId, phoneNumbers) {
      const rows = await statement.execute({ companyId, phoneNumbers });
      const found = new Map<string, PhoneLookup>();
      for (const { total, rank: _rank, ...row } of rows) {
        let lookup = found.get(row.phoneNumber);
        if (!lookup) found.set(row.phoneNumber, (lookup = { memberCount: Number(total), data: [] }));
        lookup.data.push(memberResource.toRecord(row));
      }
      return phoneNumbers.map((phoneNumber) => found.get(phoneNumber) ?? { memberCount: 0, data: [] });
    },
  });
}
const batchers = new WeakMap<Database, ReturnType<typeof lookupBatcher>>();

export function lookupMembersByPhone(scope: CompanyScope, phoneNumber: string): Promise<PhoneLookup> {
  let batcher = batchers.get(scope.db);
  if (!batcher) batchers.set(scope.db, (batcher = lookupBatcher(scope.db)));
  return batcher.load(scope.companyId, phoneNumber);
}
