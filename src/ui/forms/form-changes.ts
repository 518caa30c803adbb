/**
 * Whether a form holds something its user typed: the shown fields compared with what the form started
 * from (the record, or the empty values). Blank is blank however it is spelt: a custom field typed
 * and erased again (`{ visit_date: '' }`) is the same as none (`{}`), and '' the same as null, so
 * erasing what was typed makes the form untouched again.
 */
export function unsavedValues(
  values: Readonly<Record<string, unknown>>,
  start: Readonly<Record<string, unknown>>,
  names: readonly string[],
): Record<string, unknown> | null {
  const changed = names.some((name) => JSON.stringify(blankless(values[name])) !== JSON.stringify(blankless(start[name])));
  return changed ? Object.fromEntries(names.map((name) => [name, values[name]])) : null;
}

function blankless(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) return value.map(blankless);
  if (typeof value !== 'object') return value;
  const entries = Object.entries(value)
    .map(([key, inner]) => [key, blankless(inner)] as const)
    .filter(([, inner]) => inner !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}
