import { describeRecord, useEntityRecords } from '../entity-options';
import type { ResourceOption } from '../resource-view';
import type { KindProps } from './field-props';
import { numberFromOption, OptionSelect } from './option-select';

/** The path of the sound-file entity (its picker lists `POST sound-file`). */
export const SOUND_FILE_PATH = 'sound-file';

/** The records of the entity at `path` as options, named by their naming field. */
export function useRecordOptions(path: string): { options: ResourceOption[]; loading: boolean; unavailable: boolean } {
  const { entity, records, loading, unavailable } = useEntityRecords(path);
  const options = entity ? records.map((record) => ({ value: String(record.id), label: describeRecord(entity, record) })) : [];
  return { options, loading, unavailable };
}

/**
 * A record of another entity (a template's category), chosen among all of its records; until that
 * entity can list them, nothing, with a line that says so.
 */
export function ReferenceField({ field, ...props }: KindProps<'reference'>) {
  const { options, loading, unavailable } = useRecordOptions(field.references);
  const empty = !loading && options.length === 0;
  return (
    <OptionSelect
      {...props}
      labelId={field.labelId}
      required={field.required}
      options={options}
      loading={loading}
      fromOption={numberFromOption}
      {...(unavailable ? { hintId: 'entity.reference_unavailable' as const } : empty ? { hintId: 'entity.reference_none' as const } : {})}
    />
  );
}

/** A sound file of the company (`sound-file` records); none yet says where they are uploaded. */
export function SoundFileField({ field, ...props }: KindProps<'sound_file'>) {
  const { options, loading, unavailable } = useRecordOptions(SOUND_FILE_PATH);
  const none = !loading && (unavailable || options.length === 0);
  return (
    <OptionSelect
      {...props}
      labelId={field.labelId}
      required={field.required}
      options={options}
      loading={loading}
      fromOption={numberFromOption}
      {...(none ? { hintId: 'entity.sound_files_none' as const } : {})}
    />
  );
}
