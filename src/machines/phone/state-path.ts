import type { StateValue } from 'xstate';

/**
 * A compound state value as a dotted path ('transferring.attended.consulting'); parallel values are not
 * paths, so callers pass one region's value. Summaries carry these strings because they cross windows.
 */
export function statePath(value: StateValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value)[0] ?? [];
  if (key === undefined) return '';
  const rest = statePath(child as StateValue | undefined);
  return rest ? `${key}.${rest}` : key;
}

/** The top-level state of a region ('transferring' for 'transferring.blind'). */
export function topState(value: StateValue | undefined): string {
  return statePath(value).split('.')[0] ?? '';
}
