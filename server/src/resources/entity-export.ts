import type { Language } from '../../../src/api/contracts/session.contract';
import type { AnyEntity } from '../../../src/api/entities/define-entity';
import type { FieldSpec } from '../../../src/api/entities/entity-fields';
import { translate } from '../lib/i18n';
import { seoulTime, text } from '../services/export/sheet-values';
import type { ExportSheet } from './resource-definition';

/**
 * The export of an entity's list (`GET <path>/export`): a column per field as the list labels it, in the
 * caller's language; choices by their labels, switches as yes/no, moments in Seoul time (specification
 * §9). Every cell is text; the workbook writer escapes formulas.
 */
function cell(entity: AnyEntity, name: string, field: FieldSpec, value: unknown, language: Language): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'enum':
      return translate(`${entity.name}.${name}.${String(value)}`, language);
    case 'multi_select':
      return (value as string[]).map((v) => translate(`${entity.name}.${name}.${v}`, language)).join(', ');
    case 'switch':
      return translate(value ? 'export.yes' : 'export.no', language);
    case 'datetime':
      return seoulTime(String(value));
    case 'destination': {
      const { type, target } = value as { type: string; target: string | null };
      return [translate(`destination.type.${type}`, language), target].filter(Boolean).join(' ');
    }
    case 'children':
      return JSON.stringify(value);
    case 'file':
      return (value as { name: string }).name;
    default:
      return Array.isArray(value) ? value.join(', ') : text(value);
  }
}

export function entityExportSheet(entity: AnyEntity, records: Record<string, unknown>[], language: Language): ExportSheet {
  // A server-only field (a secret's hash) is never answered, so never exported either.
  const fields = Object.entries(entity.fields as Record<string, FieldSpec>).filter(([, field]) => !field.serverOnly);
  return {
    sheetName: translate(`${entity.name}.noun`, language).slice(0, 31),
    header: [...fields.map(([name]) => translate(`${entity.name}.field.${name}`, language)), translate('entity.field.created_at', language)],
    rows: records.map((record) => [
      ...fields.map(([name, field]) => cell(entity, name, field, record[name], language)),
      seoulTime(String(record.created_at)),
    ]),
  };
}
