import { useCallback, useSyncExternalStore } from 'react';

/**
 * Which columns of an entity's list are shown, in what order, in three layers: what the user chose in
 * this tab (this store, kept in sessionStorage so a reload keeps it; the localStorage keys are fixed by
 * the specification §3), else the company's custom table settings (/configuration/custom-tables/*, issue 4
 * item 7, passed in by the list), else the definition's own order and `defaultHidden`. A user's reset
 * drops the first layer, so the company's settings show again.
 */
export interface ColumnSettings {
  /** Column keys in display order; keys missing here keep their definition order at the end. */
  order: readonly string[];
  hidden: readonly string[];
}

const STORE_KEY = 'columnSettings';

const isKeyList = (value: unknown): value is string[] => Array.isArray(value) && value.every((key) => typeof key === 'string');

function loadSettings(): Map<string, ColumnSettings> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return new Map();
    return new Map(
      Object.entries(stored).filter((entry): entry is [string, ColumnSettings] => isKeyList(entry[1]?.order) && isKeyList(entry[1]?.hidden)),
    );
  } catch {
    return new Map();
  }
}

const memory = loadSettings();
const listeners = new Set<() => void>();
const notify = () => {
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify(Object.fromEntries(memory)));
  } catch {
    /* storage full or blocked: the choice holds until the page goes */
  }
  listeners.forEach((listener) => listener());
};

/** Forgets what users chose (tests). */
export function resetColumnSettings(): void {
  memory.clear();
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Visible columns in order, and a setter, for one entity's list. */
export function useColumnSettings<Col extends { key: string; defaultHidden?: boolean }>(entity: string, columns: readonly Col[], company?: ColumnSettings) {
  const saved = useSyncExternalStore(subscribe, () => memory.get(entity));
  const settings: ColumnSettings = saved ?? company ?? { order: columns.map((c) => c.key), hidden: columns.filter((c) => c.defaultHidden).map((c) => c.key) };
  const rank = (key: string) => {
    const index = settings.order.indexOf(key);
    return index === -1 ? settings.order.length + columns.findIndex((c) => c.key === key) : index;
  };
  const ordered = [...columns].sort((a, b) => rank(a.key) - rank(b.key));
  const save = useCallback((next: ColumnSettings) => {
    memory.set(entity, next);
    notify();
  }, [entity]);
  const reset = useCallback(() => {
    memory.delete(entity);
    notify();
  }, [entity]);
  return { ordered, hidden: settings.hidden, visible: ordered.filter((c) => !settings.hidden.includes(c.key)), save, reset, customised: saved !== undefined };
}
