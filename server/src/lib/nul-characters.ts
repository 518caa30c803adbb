import { FieldValidationError } from './errors';
import type { MessageId } from './i18n';

/**
 * PostgreSQL cannot store the NUL character (U+0000) in `text` or `jsonb`: a query carrying one fails
 * ("invalid byte sequence for encoding UTF8: 0x00"), which would be a 500 and an error in the log for
 * every such request. Input is therefore checked once, before any route sees it (plugins/input-guard.ts),
 * and a NUL anywhere is a 422 under the field that holds it (issue 15).
 */

/** Fields reported at most; one is enough to tell the caller, a few help a form. */
const MAX_REPORTED = 10;

/**
 * The dotted paths (`name`, `groups.0`, `custom_fields`) of the strings in `value` that contain a NUL;
 * a key with a NUL is reported at the object holding it. Iterative, so a deeply nested body cannot
 * overflow the stack.
 */
export function nulCharacterFields(value: unknown): string[] {
  const found: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (pending.length > 0 && found.length < MAX_REPORTED) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push(path || '_');
      continue;
    }
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    // Pushed in reverse so fields are reported in the order they appear.
    for (const [key, child] of Object.entries(current).reverse()) {
      if (key.includes('\u0000')) found.push(path || '_');
      else pending.push({ value: child, path: path ? `${path}.${key}` : key });
    }
  }
  return [...new Set(found)];
}

/** Throws the 422 naming every field of `value` that holds a NUL. */
export function rejectNulCharacters(value: unknown): void {
  const fields = nulCharacterFields(value);
  if (fields.length === 0) return;
  const errors: Record<string, MessageId[]> = {};
  for (const field of fields) errors[field] = ['validation.nul_character'];
  throw new FieldValidationError(errors);
}
