/**
 * Where each list stood (page, page size, search, sort, filters), per tab, so a reload (the one after a
 * token refresh too) or coming back to the screen keeps an agent's narrowing (QA: the consultation
 * filters were lost on every reload). sessionStorage: one tab's lists are not another's, and it goes
 * with the tab. The search text can be a customer's name or number, so `clearSession` forgets them all.
 */
const PREFIX = 'listQuery:';

function store(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The query a list last had under `key`, if it was opened with the same starting query: a list whose
 * context is in its starting query (one member's calls) must not come back with another's.
 */
export function rememberedListQuery(key: string, initial: object): Record<string, unknown> | null {
  try {
    const raw = store()?.getItem(PREFIX + key);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { initial?: unknown; query?: unknown };
    if (JSON.stringify(saved.initial) !== JSON.stringify(initial)) return null;
    return saved.query && typeof saved.query === 'object' ? (saved.query as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function rememberListQuery(key: string, initial: object, query: object): void {
  try {
    store()?.setItem(PREFIX + key, JSON.stringify({ initial, query }));
  } catch {
    // Storage full or blocked: the list still works, it just starts afresh after a reload.
  }
}

/** At sign-out: no list remembers what the last user searched for. */
export function forgetListQueries(): void {
  const storage = store();
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k?.startsWith(PREFIX) ?? false);
    keys.forEach((k) => storage.removeItem(k));
  } catch {
    // As rememberListQuery.
  }
}
