import { Button } from '@blueprintjs/core';
import { timeConditionEntity, type TimeConditionRecord, type TimeConditionType } from '../../api/contracts/time-condition.contract';
import type { FieldSpec } from '../../api/entities/entity-fields';
import { useResourceAll } from '../../api/resources/use-resource';
import { useT } from '../../i18n/use-t';
import { openPopup } from '../../shell/popups/open-popup';
import { entityCell } from '../../ui/resource/entity-cells';

/**
 * The conditions of one type in the order the routing meets them (by id): the `{list}` and `{index}`
 * of time-conditions/sound-file/{index}/{list} (docs/routing.md "Choosing a condition's sound file").
 */
export const conditionsOfTypeQuery = (type: TimeConditionType) => ({ type, sort_by: 'id', sort_order: 'asc' }) as const;

/**
 * The list's sound-file cell: the file's name, and a button opening the time-condition-sound-file
 * window at this condition. The window must open in the click itself (a browser blocks a window opened
 * after an await), so the position is read from the list of the same type already loaded here.
 */
export function TimeConditionSoundFileCell({ record }: { record: TimeConditionRecord }) {
  const t = useT();
  const type = record.type ?? 'working_hour';
  const { data: sameType } = useResourceAll(timeConditionEntity.contract, conditionsOfTypeQuery(type));
  const index = sameType?.findIndex((condition) => condition.id === record.id) ?? -1;
  const field = (timeConditionEntity.fields as Record<string, FieldSpec>).sound_file_id!;
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
      {entityCell(timeConditionEntity, 'sound_file_id', field, record.sound_file_id)}
      <Button
        size="small"
        variant="minimal"
        icon="music"
        disabled={index < 0}
        aria-label={t('time-condition.sound_file.choose_for', { name: record.name })}
        title={t('time-condition.sound_file.choose')}
        data-testid={`time-condition-sound-file-${record.id}`}
        onClick={() => openPopup('time-condition-sound-file', { index, list: type })}
      />
    </span>
  );
}
