import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { CompanyScope } from '../../db/company-scope';
import { members } from '../../db/schema';
import { MicroBatch } from '../../lib/micro-batch';

/** How many members a phone lookup lists; `memberCount` is always the full count. */
const PHONE_LOOKUP_LIMIT = 100;

/** One number's answer: how many members have it, and the first of them as the JSON array the API sends. */
export interface PhoneLookup {
  memberCount: number;
  /** `memberSchema` records (src/api/contracts/member.contract.ts), as JSON text. */
  dataJson: string;
}

/** `toISOString()`'s form, in SQL: UTC, milliseconds, `Z`. */
const isoTime = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A member as `memberResource.toRecord` answers it, built by PostgreSQL: the custom field values as
 * text without the empty ones, and `is_mobile` from the number (specification §9). The test
 * "the lookup answers each member exactly as member/view does" holds the two together.
 */
const memberJson: SQL = sql`json_build_object(
  'id', ${members.id}, 'name', ${members.name}, 'phone_number', ${members.phoneNumber}, 'company_name', ${members.companyName},
  'groups', ${members.groups}, 'levels', ${members.levels},
  'custom_fields', coalesce((select json_object_agg(f.key, f.value) from jsonb_each_text(${members.customFields}) as f where f.value <> ''), '{}'::json),
  'is_mobile', starts_with(${members.phoneNumber}, '01'),
  'created_at', ${isoTime(members.createdAt)}, 'updated_at', ${isoTime(members.updatedAt)})`;

/**
 * The screen pop's query (`member/phone-number/{number}`) runs on every ring. It is prepared once per
 * database and answers several numbers of one company at once: per number, how many members have it
 * and the first PHONE_LOOKUP_LIMIT of them in id order, already as the JSON the API answers. Building
 * the records in PostgreSQL spares the app's one thread the driver's parsing of every column (dates,
 * arrays, jsonb), the row mapping and the response's validation and serialisation: that thread is what
 * a lookup costs against a bare route (docs/benchmarks.md). PostgreSQL keeps its generic plan instead
 * of planning it again for every ring (db/client.ts, docs/decisions.md).
 */
function prepareLookup(db: Database) {
  const ranked = db
    .select({
      phoneNumber: members.phoneNumber,
      id: members.id,
      rank: sql<number>`row_number() over (partition by ${members.phoneNumber} order by ${members.id})`.as('rank'),
      record: sql<string>`${memberJson}`.as('record'),
    })
    .from(members)
    .where(and(eq(members.companyId, sql.placeholder('companyId')), sql`${members.phoneNumber} = any(${sql.placeholder('phoneNumbers')}::text[])`))
    .as('ranked');
  return db
    .select({
      phoneNumber: ranked.phoneNumber,
      memberCount: sql<number>`count(*)::int`,
      // ::text, so the driver hands the JSON over as it came instead of parsing it.
      dataJson: sql<string>`coalesce(json_agg(${ranked.record} order by ${ranked.id}) filter (where ${ranked.rank} <= ${PHONE_LOOKUP_LIMIT}), '[]'::json)::text`,
    })
    .from(ranked)
    .groupBy(ranked.phoneNumber)
    .prepare('member_phone_lookup');
}

const NOBODY: PhoneLookup = { memberCount: 0, dataJson: '[]' };

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
      const found = new Map(rows.map(({ phoneNumber, ...lookup }) => [phoneNumber, lookup]));
      return phoneNumbers.map((phoneNumber) => found.get(phoneNumber) ?? NOBODY);
    },
  });
}
const batchers = new WeakMap<Database, ReturnType<typeof lookupBatcher>>();

export function lookupMembersByPhone(scope: CompanyScope, phoneNumber: string): Promise<PhoneLookup> {
  let batcher = batchers.get(scope.db);
  if (!batcher) batchers.set(scope.db, (batcher = lookupBatcher(scope.db)));
  return batcher.load(scope.companyId, phoneNumber);
}

/** The `member/phone-number/{number}` answer (`memberPhoneLookupSchema`), as JSON text. */
export function phoneLookupJson(phoneNumber: string, lookup: PhoneLookup): string {
  return `{"phone_number":${JSON.stringify(phoneNumber)},"memberCount":${lookup.memberCount},"data":${lookup.dataJson}}`;
}
