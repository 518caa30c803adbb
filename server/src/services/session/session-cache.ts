import type { Database, DatabaseHandle } from '../../db/client';
import type { AccountCheck } from './account';

/**
 * The live-session check of every authenticated request, cached per process: without it each phone
 * lookup or CTI command costs two database round trips instead of one (bench:phone-lookup,
 * docs/benchmarks.md).
 *
 * Staying correct matters more than the hit rate (ASVS 7.4: logout, deactivation, deletion and a
 * replayed refresh token end a session at once), so:
 * - only live sessions are kept; a refused check is asked again next time;
 * - any change to users, companies or refresh_tokens empties the whole cache: this process's own
 *   writes as their statements are sent, everyone else's (other processes, psql) through the
 *   `session_change` notification their triggers send (migration 0005);
 * - a check that was in flight while the cache was emptied is answered but not kept;
 * - while the notification connection is down nothing is cached, and nothing lives longer than TTL_MS.
 */
const TTL_MS = 15_000;
const MAX_ENTRIES = 50_000;
const CHANNEL = 'session_change';
/** A statement that may end or change a session: update, delete or truncate of the three tables. */
const SESSION_WRITE = /^\s*(?:update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?(?:users|companies|refresh_tokens)\b/i;

export class SessionCache<T extends object> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  /** Bumped by every change, so a check that started before it is not kept after it. */
  private generation = 0;
  private live = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** The cached value, or the loader's; the loader's is kept only when `keep` says it is a live session. */
  async load(key: string, loader: () => Promise<T | null>, keep: (value: T) => boolean): Promise<T | null> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    if (hit) this.entries.delete(key);
    const generation = this.generation;
    const value = await loader();
    if (value && this.live && generation === this.generation && keep(value)) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, expiresAt: this.now() + TTL_MS });
    }
    return value;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  /** A statement this process is about to send; a write to a session table empties the cache. */
  observe(text: string): void {
    if (SESSION_WRITE.test(text)) this.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A company's row as a command needs it: whether it still exists, and which CTI server it uses. */
export interface CompanyTelephonyRow {
  ctiServer: string;
  deletedAt: Date | null;
}

/**
 * The caches of one database. Both hold rows of the session tables, so both are emptied by the same
 * writes and notifications: the account of each token, and the company row each CTI command reads
 * (every agent's socket registers every 10 s; without it each register costs a query).
 */
export interface SessionCaches {
  accounts: SessionCache<AccountCheck>;
  companies: SessionCache<CompanyTelephonyRow>;
}

const caches = new WeakMap<Database, SessionCaches>();

/** The database's session caches, if the app started them (tools that open a database alone have none). */
export function sessionCachesOf(db: Database): SessionCaches | undefined {
  return caches.get(db);
}

/** Starts the caches of this database for the app's lifetime; the returned function stops them. */
export async function startSessionCache(handle: DatabaseHandle): Promise<() => Promise<void>> {
  const all: SessionCaches = { accounts: new SessionCache(), companies: new SessionCache() };
  const every: SessionCache<object>[] = [all.accounts, all.companies];
  const unobserve = handle.observeStatements((text) => every.forEach((cache) => cache.observe(text)));
  const unlisten = await handle.listen(CHANNEL, {
    notify: () => every.forEach((cache) => cache.invalidate()),
    live: (live) => every.forEach((cache) => cache.setLive(live)),
  });
  caches.set(handle.db, all);
  return async () => {
    caches.delete(handle.db);
    unobserve();
    await unlisten();
  };
}
