import { useCallback } from 'react';
import type { Destination, DestinationType } from '../../api/entities/entity-fields';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { describeRecord, useEntityRecords } from './entity-options';

/**
 * What a destination's target is chosen from, by type (CONTRACT §10). An entity that becomes a place a
 * call can go (queues, ring groups, IVRs, callback groups) plugs in here by its path: once it is in the
 * catalogue with `routes.all`, the destination picker offers its records and cells name them; until
 * then the target is typed as digits.
 */
export type TargetSource =
  | { kind: 'none' }
  | { kind: 'extension' }
  /** Records of the entity at `path`; `value` is the record field the target holds. @default 'id' */
  | { kind: 'records'; path: string; value?: string };

export const DESTINATION_TARGETS: Record<DestinationType, TargetSource> = {
  extension: { kind: 'extension' },
  queue: { kind: 'records', path: 'queue', value: 'number' },
  ring_group: { kind: 'records', path: 'ring-group', value: 'number' },
  ivr: { kind: 'records', path: 'ivr', value: 'number' },
  callback_group: { kind: 'records', path: 'callback-group', value: 'number' },
  sound_file: { kind: 'records', path: 'sound-file' },
  voicemail: { kind: 'none' },
  hangup: { kind: 'none' },
};

/** Each type's label (also the server export's, server/src/resources/entity-export.ts). */
export const DESTINATION_TYPE_LABELS: Record<DestinationType, MessageId> = {
  extension: 'destination.type.extension',
  queue: 'destination.type.queue',
  ring_group: 'destination.type.ring_group',
  ivr: 'destination.type.ivr',
  callback_group: 'destination.type.callback_group',
  sound_file: 'destination.type.sound_file',
  voicemail: 'destination.type.voicemail',
  hangup: 'destination.type.hangup',
};

const recordsPath = (type: DestinationType | undefined) => {
  const source = type ? DESTINATION_TARGETS[type] : undefined;
  return source?.kind === 'records' ? source.path : undefined;
};

/** The records a destination type's targets are chosen from, as `{ value, label }`; none for other sources. */
export function useTargetOptions(type: DestinationType | undefined): { options: { value: string; label: string }[]; listable: boolean; loading: boolean } {
  const source = type ? DESTINATION_TARGETS[type] : undefined;
  const { entity, records, loading, unavailable } = useEntityRecords(recordsPath(type));
  if (!entity || source?.kind !== 'records') return { options: [], listable: false, loading: false };
  const key = source.value ?? 'id';
  return { options: records.map((record) => ({ value: String(record[key]), label: describeRecord(entity, record) })), listable: !unavailable, loading };
}

/** A destination in words: "Queue 500", "Extension 1001", "Sound file Greeting", "Hang up". */
export function useDestinationText(destination: Destination | null | undefined): string {
  const t = useT();
  const { options } = useTargetOptions(destination?.type);
  const describe = useCallback(
    (d: Destination) => {
      const target = d.target === null ? '' : (options.find((option) => option.value === d.target)?.label ?? d.target);
      return [t(DESTINATION_TYPE_LABELS[d.type]), target].filter(Boolean).join(' ');
    },
    [options, t],
  );
  return destination ? describe(destination) : '';
}
