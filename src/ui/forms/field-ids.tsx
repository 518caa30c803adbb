import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useState, type ReactNode } from 'react';

/*
 * Two forms open in one window (an inbound-call pop-up shown as a dialog beside an edit dialog) would
 * otherwise share element ids, so a label of one would focus the other's field. Ids are the field name
 * for the oldest form still open, so a window with one form keeps the ids it always had; a form opened
 * while another is open prefixes its ids, and keeps them as long as it is open.
 */

/** What a scope puts before its field names: '' for plain ids. */
const IdPrefix = createContext('');

/**
 * Every scope by its `useId`: whether it uses plain ids, and whether it has been committed. An entry made
 * while rendering lets a form mounted in the same commit see it; one React never commits is dropped.
 */
const scopes = new Map<string, { plain: boolean; mounted: boolean }>();

/** Render phase: plain when no other form is open. Asked again for the same scope (StrictMode runs initializers twice), it answers the same. */
function claim(key: string): boolean {
  const known = scopes.get(key);
  if (known) return known.plain;
  const plain = scopes.size === 0;
  scopes.set(key, { plain, mounted: false });
  return plain;
}

/**
 * After the commit, once every scope of it is registered. The guess made while rendering can be wrong:
 * a form re-keyed (restarted after a save) renders while its old self is still open, and a render React
 * threw away leaves an entry behind. It runs when a scope mounts (and again if that changed its ids), so
 * forms already open never change theirs.
 */
function settle(key: string, plain: boolean): boolean {
  for (const [other, scope] of scopes) if (!scope.mounted) scopes.delete(other);
  const others = [...scopes].filter(([other]) => other !== key).map(([, scope]) => scope);
  const settled = plain ? !others.some((scope) => scope.plain) : others.length === 0;
  scopes.set(key, { plain: settled, mounted: true });
  return settled;
}

/** Wraps one form's fields so that their ids do not clash with another form open at the same time. */
export function FormIdScope({ children }: { children: ReactNode }) {
  const key = useId();
  const [plain, setPlain] = useState(() => claim(key));
  // Layout effects of a commit all run before its passive ones, so `settle` sees the whole commit.
  useLayoutEffect(() => {
    scopes.set(key, { plain, mounted: true });
    return () => void scopes.delete(key);
  }, [key, plain]);
  useEffect(() => setPlain(settle(key, plain)), [key, plain]);
  return <IdPrefix.Provider value={plain ? '' : `f-${key.replace(/[^a-zA-Z0-9]/g, '')}-`}>{children}</IdPrefix.Provider>;
}

/** Builds element ids from field names in the enclosing form (plain outside any form). */
export function useFieldIds(): (name: string) => string {
  const prefix = useContext(IdPrefix);
  return useCallback((name: string) => prefix + name, [prefix]);
}

/** The element id of the field `name`; its messages are `${id}-errors`. */
export function useFieldId(name: string): string {
  return useFieldIds()(name);
}
