import type { MessageId } from '../../lib/i18n';
import { normaliseHeader, type ColumnMapping, type ImportFieldSpec } from './import-types';

/** For each field, the first column whose header is one of its names (each column used once). */
export function suggestMapping(headers: readonly string[], fields: readonly ImportFieldSpec[]): ColumnMapping {
  const normalised = headers.map(normaliseHeader);
  const taken = new Set<number>();
  const mapping: ColumnMapping = {};
  for (const field of fields) {
    const index = normalised.findIndex((header, i) => !taken.has(i) && header !== '' && field.aliases.includes(header));
    mapping[field.key] = index >= 0 ? index : null;
    if (index >= 0) taken.add(index);
  }
  // Then the fallbacks, into columns no header claimed.
  for (const field of fields) {
    const fallback = field.fallbackColumn;
    if (mapping[field.key] !== null || fallback === undefined || fallback >= headers.length || taken.has(fallback)) continue;
    mapping[field.key] = fallback;
    taken.add(fallback);
  }
  return mapping;
}

/**
 * Problems with a chosen mapping, as 422 field errors under `mapping.<field>`: a required field without
 * a column, a column that does not exist, one column for two fields. Unknown field keys are ignored.
 */
export function mappingProblems(mapping: ColumnMapping, headers: readonly string[], fields: readonly ImportFieldSpec[]): Record<string, MessageId[]> {
  const problems: Record<string, MessageId[]> = {};
  const used = new Map<number, string>();
  for (const field of fields) {
    const index = mapping[field.key] ?? null;
    if (index === null) {
      if (field.required) problems[`mapping.${field.key}`] = ['validation.import_mapping_required'];
      continue;
    }
    if (index >= headers.length) problems[`mapping.${field.key}`] = ['validation.import_mapping_no_column'];
    else if (used.has(index)) {
      // Under both fields: the one the user just changed may be either.
      problems[`mapping.${field.key}`] = ['validation.import_mapping_duplicate'];
      problems[`mapping.${used.get(index)!}`] = ['validation.import_mapping_duplicate'];
    } else used.set(index, field.key);
  }
  return problems;
}

/** Only the fields of this import, with every field present (null when not imported). */
export function cleanMapping(mapping: ColumnMapping, fields: readonly ImportFieldSpec[]): ColumnMapping {
  return Object.fromEntries(fields.map((field) => [field.key, mapping[field.key] ?? null]));
}
