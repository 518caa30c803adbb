import { useCallback, useSyncExternalStore } from 'react';

/**
 * Which columns of an entity's list are shown, in what order, in three layers: what the user chose in
 * this window (this store, for the life of the window: the browser storage keys are fixed by the
 * specification §3), else the company's custom table settings (/configuration/custom-tables/*, issue 4
 * item 7, passed in by the list), else the definition's own order and `defaultHidden`.
 * `setColumnSettingsSource` replaces the first layer (e.g. to keep choices elsewhere).
 */
export interface ColumnSettings {
  /** Column keys in display order; keys missing here keep their definition order at the end. */
  order: readonly string[];
  hidden: readonly string[];
}

export interface ColumnSettingsSource {
  get: (entity: string) => ColumnSettings | undefined;
  set: (entity: string, settings: ColumnSettings) => void;
}

const memory = new Map<string, ColumnSettings>();
let source: ColumnSettingsSource = { get: (entity) => memory.get(entity), set: (entity, settings) => void memory.set(entity, settings) };
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function setColumnSettingsSource(next: ColumnSettingsSource): void {
  source = next;
  notify();
}

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
  const saved = useSyncExternalStore(subscribe, () => source.get(entity));
  const settings: ColumnSettings = saved ?? company ?? { order: columns.map((c) => c.key), hidden: columns.filter((c) => c.defaultHidden).map((c) => c.key) };
  const rank = (key: string) => {
    const index = settings.order.indexOf(key);
    return index === -1 ? settings.order.length + columns.findIndex((c) => c.key === key) : index;
  };
  const ordered = [...columns].sort((a, b) => rank(a.key) - rank(b.key));
  const save = useCallback((next: ColumnSettings) => {
    source.set(entity, next);
    notify();
  }, [entity]);
  return { ordered, hidden: settings.hidden, visible: ordered.filter((c) => !settings.hidden.includes(c.key)), save };
}
