import { Button, ControlGroup, HTMLSelect, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import type { FormEvent } from 'react';
import { inboundNumberEntity } from '../../api/contracts/inbound-number.contract';
import { useResourceAll } from '../../api/resources/use-resource';
import { useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import { DayInput } from '../../ui/forms/day-input';
import { useFieldId } from '../../ui/forms/field-ids';
import { errorsIdFor, FieldShell } from '../../ui/forms/field-shell';
import { TextField } from '../../ui/forms/text-field';
import type { FieldErrors } from '../../ui/forms/field-errors';
import { calendarLabel } from '../../ui/resource/calendar-labels';

export type SimulateMode = 'one' | 'week';

export interface SimulateValues {
  to: string;
  from: string;
  /** `YYYY-MM-DD` in Seoul; '' for now. */
  day: string;
  hour: number;
  minute: number;
  digits: string;
}

export interface SimulateFormProps {
  values: SimulateValues;
  onChange: (values: SimulateValues) => void;
  mode: SimulateMode;
  onModeChange: (mode: SimulateMode) => void;
  /** The server's 422 messages by field (`to`, `from`, `at`, `digits`). */
  errors: FieldErrors;
  busy: boolean;
  onSubmit: () => void;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const MINUTES = Array.from({ length: 60 }, (_, minute) => minute);

/**
 * What to simulate: the number dialled (one of the company's inbound numbers, or any number typed), the
 * caller, the day and time in Seoul (the day typed in the page's language), the keys pressed, and
 * whether one call or every hour of that week.
 */
export function SimulateForm({ values, onChange, mode, onModeChange, errors, busy, onSubmit }: SimulateFormProps) {
  const t = useT();
  const language = useLanguage();
  const { data: numbers = [] } = useResourceAll(inboundNumberEntity.contract);
  const toId = useFieldId('to');
  const atId = useFieldId('at');
  const set = (patch: Partial<SimulateValues>) => onChange({ ...values, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const week = mode === 'week';
  return (
    <form className="routing-simulate__form" data-testid="simulate-form" onSubmit={submit} noValidate>
      <FieldShell name="to" labelId="routing-simulate.field.to" errors={errors.to} required>
        <ControlGroup>
          <InputGroup
            id={toId}
            name="to"
            inputMode="numeric"
            value={values.to}
            intent={errors.to ? Intent.DANGER : Intent.NONE}
            aria-invalid={Boolean(errors.to)}
            aria-describedby={errorsIdFor(toId, errors.to)}
            data-testid="simulate-to"
            onChange={(event) => set({ to: event.currentTarget.value })}
          />
          <HTMLSelect
            aria-label={t('routing-simulate.field.to_choose')}
            data-testid="simulate-to-choice"
            value={numbers.some((number) => number.number === values.to) ? values.to : ''}
            onChange={(event) => set({ to: event.currentTarget.value })}
            options={[{ value: '', label: t('routing-simulate.field.to_choose') }, ...numbers.map((number) => ({ value: number.number, label: number.name ? `${number.number} · ${number.name}` : number.number }))]}
          />
        </ControlGroup>
      </FieldShell>
      <TextField name="from" labelId="routing-simulate.field.from" type="tel" value={values.from} errors={errors.from} required testId="simulate-from" onChange={(from) => set({ from })} />
      <FieldShell name="at" labelId="routing-simulate.field.at" errors={errors.at} hintId={week ? 'routing-simulate.field.at_week_hint' : undefined}>
        <ControlGroup>
          <DayInput id={atId} value={values.day} onChange={(day) => set({ day })} data-testid="simulate-day" aria-describedby={errorsIdFor(atId, errors.at, week ? 'routing-simulate.field.at_week_hint' : undefined)} intent={errors.at ? Intent.DANGER : undefined} />
          <HTMLSelect aria-label={t('routing-simulate.field.hour')} data-testid="simulate-hour" disabled={week} value={values.hour} onChange={(event) => set({ hour: Number(event.currentTarget.value) })} options={HOURS.map((hour) => ({ value: hour, label: calendarLabel('hour', hour, language) }))} />
          <HTMLSelect aria-label={t('routing-simulate.field.minute')} data-testid="simulate-minute" disabled={week} value={values.minute} onChange={(event) => set({ minute: Number(event.currentTarget.value) })} options={MINUTES.map((minute) => ({ value: minute, label: calendarLabel('minute', minute, language) }))} />
        </ControlGroup>
      </FieldShell>
      <TextField name="digits" labelId="routing-simulate.field.digits" value={values.digits} errors={errors.digits} hintId="routing-simulate.field.digits_hint" testId="simulate-digits" onChange={(digits) => set({ digits })} />
      <RadioGroup inline label={t('routing-simulate.mode.label')} selectedValue={mode} onChange={(event) => onModeChange(event.currentTarget.value as SimulateMode)}>
        <Radio value="one" label={t('routing-simulate.mode.one')} data-testid="simulate-mode-one" />
        <Radio value="week" label={t('routing-simulate.mode.week')} data-testid="simulate-mode-week" />
      </RadioGroup>
      <Button type="submit" intent={Intent.PRIMARY} icon={week ? 'timeline-events' : 'flow-linear'} loading={busy} data-testid="simulate-submit" text={t(week ? 'routing-simulate.button.week' : 'routing-simulate.button.path')} />
    </form>
  );
}
