import { eq } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import { blacklistEntries } from '../../db/schema';
import { normalisePhoneNumber } from '../../lib/phone';
import { SessionCache } from '../session/session-cache';

/**
 * The company's blacklist as the PBX checks it (docs/telephony.md "Blacklist"): every inbound ring and
 * every outbound dial asks, so the ring path (bench:screen-pop) must not pay a query for it. Each process
 * keeps each company's numbers in memory, two sets (refused inbound, refused outbound), loaded with one
 * query on the company's first call and dropped on any change to `blacklist_entries`:
 * - this process's own writes, as their statements are sent (`observeStatements`);
 * - everyone else's (other app processes, psql, a company's data being destroyed) through the
 *   `blacklist_change` notification of the table's trigger (migration 0012), after they commit;
 * - while the notification connection is down nothing is kept, and nothing lives longer than the
 *   session caches' TTL (15 s), the same rules as the session caches it reuses.
 * Entries are stored normalised (the phone field's digits); a number is normalised the same way
 * (`+82 10-…` → `010…`) before it is looked up.
 */

export type BlacklistDirection = 'inbound' | 'outbound';

interface CompanyBlacklist {
  inbound: ReadonlySet<string>;
  outbound: ReadonlySet<string>;
}

const CHANNEL = 'blacklist_change';
/** A statement that changes entries: insert, update, delete or truncate of `blacklist_entries`. */
const BLACKLIST_WRITE = /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?blacklist_entries\b/i;

export class BlacklistScreen {
  constructor(
    private readonly db: Database,
    /** Null when the app did not start one (tools): every check is a query then. */
    private readonly cache: SessionCache<CompanyBlacklist> | null,
  ) {}

  /** Whether the company refuses calls with `number` in that direction (`both` entries count for each). */
  async refuses(companyId: number, number: string, direction: BlacklistDirection): Promise<boolean> {
    const digits = normalisePhoneNumber(number);
    if (!digits) return false;
    const list = await this.listOf(companyId);
    return list[direction].has(digits);
  }

  private async listOf(companyId: number): Promise<CompanyBlacklist> {
    const query = () => loadBlacklist(this.db, companyId);
    if (!this.cache) return query();
    return (await this.cache.load(String(companyId), query, () => true))!;
  }
}

async function loadBlacklist(db: Database, companyId: number): Promise<CompanyBlacklist> {
  const rows = await db
    .select({ phoneNumber: blacklistEntries.phone_number!, direction: blacklistEntries.direction! })
    .from(blacklistEntries)
    .where(eq(blacklistEntries.companyId, companyId));
  const inbound = new Set<string>();
  const outbound = new Set<string>();
  for (const row of rows) {
    const number = String(row.phoneNumber);
    if (row.direction !== 'outbound') inbound.add(number);
    if (row.direction !== 'inbound') outbound.add(number);
  }
  return { inbound, outbound };
}

const screens = new WeakMap<Database, BlacklistScreen>();

/** The database's blacklist screen: the app's cached one once started, else one that asks every time. */
export function blacklistScreenOf(db: Database): BlacklistScreen {
  return screens.get(db) ?? new BlacklistScreen(db, null);
}

/** Starts the cached screen of this database for the app's lifetime; the returned function stops it. */
export async function startBlacklistScreen(handle: DatabaseHandle): Promise<() => Promise<void>> {
  const cache = new SessionCache<CompanyBlacklist>();
  const unobserve = handle.observeStatements((text) => {
    if (BLACKLIST_WRITE.test(text)) cache.invalidate();
  });
  const unlisten = await handle.listen(CHANNEL, { notify: () => cache.invalidate(), live: (live) => cache.setLive(live) });
  screens.set(handle.db, new BlacklistScreen(handle.db, cache));
  return async () => {
    screens.delete(handle.db);
    unobserve();
    await unlisten();
  };
}
