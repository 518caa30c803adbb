import { InputGroup, Intent } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { DISPLAY_TIME_ZONE } from '../../../i18n/dates';
import { useT } from '../../../i18n/use-t';
import { DayInput } from '../../forms/day-input';
import { useFieldId } from '../../forms/field-ids';
import { errorsIdFor, FieldShell } from '../../forms/field-shell';
import { messagesOf, type KindProps } from './field-props';
import { normaliseTime } from './input-field';

/** Seoul's offset: it keeps no summer time, so every moment typed here is written with it. */
export const SEOUL_OFFSET = '+09:00';

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The day and time a value shows in Seoul. A stored moment (ISO with an offset) is read in Seoul time;
 * anything else is what was typed so far (`<day>T<time>`, held so the form can say it is incomplete).
 */
export function seoulParts(value: unknown): { day: string; time: string } {
  if (typeof value !== 'string' || value === '') return { day: '', time: '' };
  if (HAS_OFFSET.test(value)) {
    const moment = dayjs(value).tz(DISPLAY_TIME_ZONE);
    if (moment.isValid()) return { day: moment.format('YYYY-MM-DD'), time: moment.format('HH:mm') };
  }
  const [day = '', time = ''] = value.split('T');
  return { day, time };
}

/**
 * The form value of a day and a time in Seoul: ISO with the Seoul offset (`2026-11-27T09:30:00+09:00`)
 * when both are there and the time reads; null when both are empty; else the parts as typed, which
 * the contract refuses ("not a valid date") instead of dropping half a moment.
 */
export function seoulMoment(day: string, time: string): string | null {
  if (day === '' && time.trim() === '') return null;
  const clock = normaliseTime(time);
  return day !== '' && TIME.test(clock) ? `${day}T${clock}:00${SEOUL_OFFSET}` : `${day}T${time}`;
}

/** A moment: a day (DayInput, in the page's language) and a 24-hour time, both in Seoul time. */
export function DateTimeField(props: KindProps<'datetime'>) {
  const { field, name, value, onChange, disabled, hiddenLabel } = props;
  const t = useT();
  const id = useFieldId(name);
  const messages = messagesOf(props);
  const invalid = (messages?.length ?? 0) > 0;
  const { day, time } = seoulParts(value);
  const label = hiddenLabel ?? t(field.labelId);
  return (
    <FieldShell name={name} labelId={field.labelId} errors={messages} required={field.required} hiddenLabel={hiddenLabel}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <DayInput
          id={id}
          data-testid={`${name}-day`}
          aria-label={t('entity.datetime_day', { field: label })}
          aria-describedby={errorsIdFor(id, messages)}
          value={day}
          disabled={disabled}
          intent={invalid ? Intent.DANGER : Intent.NONE}
          style={{ flex: 1 }}
          onChange={(next) => onChange(seoulMoment(next, time))}
        />
        <InputGroup
          data-testid={`${name}-time`}
          aria-label={t('entity.datetime_time', { field: label })}
          aria-invalid={invalid}
          inputMode="numeric"
          placeholder={t('entity.time_placeholder')}
          value={time}
          disabled={disabled}
          intent={invalid ? Intent.DANGER : Intent.NONE}
          style={{ width: '6em' }}
          onChange={(event) => onChange(seoulMoment(day, event.currentTarget.value))}
          onBlur={(event) => onChange(seoulMoment(day, normaliseTime(event.currentTarget.value)))}
        />
      </div>
    </FieldShell>
  );
}
