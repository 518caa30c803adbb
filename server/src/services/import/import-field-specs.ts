import { translate, type MessageId } from '../../lib/i18n';
import { normaliseHeader, type ImportFieldSpec } from './import-types';

export interface BuiltInImportField {
  key: string;
  labelId: MessageId;
  required: boolean;
}

const aliasesOf = (...names: string[]) => [...new Set(names.map(normaliseHeader).filter(Boolean))];

/**
 * The columns an import can fill: its built-in fields, recognised by their key, their label in both
 * languages and the other headers people give them (`extraNames`), then one per custom field of the
 * company. The exports write the same labels, so an exported file imports again without remapping.
 */
export function importFieldSpecs(
  builtIn: readonly BuiltInImportField[],
  extraNames: Readonly<Record<string, string[]>>,
  customFields: readonly { name: string }[],
): ImportFieldSpec[] {
  const fixed = builtIn.map(({ key, labelId, required }) => ({
    key,
    labelId,
    required,
    aliases: aliasesOf(key, translate(labelId, 'en'), translate(labelId, 'kr'), ...(extraNames[key] ?? [])),
  }));
  const custom = customFields.map((field) => ({
    key: `custom_fields.${field.name}`,
    label: field.name,
    required: false,
    aliases: aliasesOf(field.name, `custom_fields.${field.name}`),
  }));
  return [...fixed, ...custom];
}
