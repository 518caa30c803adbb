import type { AnyEntity } from '../../api/entities/define-entity';
import type { FieldSpec } from '../../api/entities/entity-fields';
import type { MessageId } from '../../i18n/message-ids';
import { optionLabelId } from './entity-cells';
import { useCompanyExtensions, useCompanyUsers } from './entity-options';
import { SOUND_FILE_PATH, useRecordOptions } from './fields/record-field';
import type { ResourceFilter, ResourceOption } from './resource-view';

const YES_NO: ResourceOption[] = [
  { value: 'true', labelId: 'entity.yes' },
  { value: 'false', labelId: 'entity.no' },
];

const useUserOptions = (): ResourceOption[] => useCompanyUsers().users.map((user) => ({ value: String(user.user_id), label: user.name }));
const useExtensionOptions = (): ResourceOption[] => useCompanyExtensions().extensions.map((extension) => ({ value: extension.number, label: `${extension.number} · ${extension.holder}` }));
const useSoundFileOptions = () => useRecordOptions(SOUND_FILE_PATH).options;

/**
 * The list filter of a `filter` field: a select of its choices (enum and multi_select labels, Yes/No,
 * the company's users or extensions, another entity's records), or a day for dates. Kinds without
 * choices (free text) have none: the search covers them.
 */
export function entityFilterOf(entity: AnyEntity, name: string, field: FieldSpec): ResourceFilter | null {
  const base = { name, labelId: `${entity.name}.field.${name}` as MessageId };
  switch (field.kind) {
    case 'enum':
    case 'multi_select': {
      const options = (field.options ?? []).map((value) => ({ value, labelId: optionLabelId(entity.name, name, value) }));
      return { ...base, useOptions: () => options };
    }
    case 'switch':
      return { ...base, useOptions: () => YES_NO };
    case 'user':
    case 'users':
      return { ...base, useOptions: useUserOptions };
    case 'extension':
    case 'extensions':
      return { ...base, useOptions: useExtensionOptions };
    case 'reference': {
      const references = field.references ?? '';
      return { ...base, useOptions: () => useRecordOptions(references).options };
    }
    case 'sound_file':
      return { ...base, useOptions: useSoundFileOptions };
    case 'date':
      return { ...base, kind: 'date' };
    default:
      return null;
  }
}
