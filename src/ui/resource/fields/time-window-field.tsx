import { InputGroup, Intent } from '@blueprintjs/core';
import { useT } from '../../../i18n/use-t';
import { useFieldId } from '../../forms/field-ids';
import { errorsIdFor, FieldShell } from '../../forms/field-shell';
import type { KindProps } from './field-props';
import { normaliseTime } from './input-field';

interface Window {
  start: string;
  end: string;
}

const windowOf = (value: unknown): Window => {
  const w = (value ?? {}) as Partial<Window>;
  return { start: typeof w.start === 'string' ? w.start : '', end: typeof w.end === 'string' ? w.end : '' };
};

/**
 * A span of the day (a campaign's call window): two 24-hour times, from and until (`HH:MM`, Seoul).
 * The messages of either end (`<name>.start`, `<name>.end`: "not a time", "must end after it starts")
 * show under the pair.
 */
export function TimeWindowField(props: KindProps<'time_window'>) {
  const { field, name, value, onChange, disabled, errors } = props;
  const t = useT();
  const id = useFieldId(name);
  const messages = [...(errors[name] ?? []), ...(errors[`${name}.start`] ?? []), ...(errors[`${name}.end`] ?? [])];
  const invalid = messages.length > 0;
  const window = windowOf(value);
  const label = t(field.labelId);
  const set = (end: keyof Window, text: string) => onChange({ ...window, [end]: text });
  return (
    <FieldShell name={name} labelId={field.labelId} errors={messages} required={field.required}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        {(['start', 'end'] as const).map((end, i) => (
          <InputGroup
            key={end}
            id={i === 0 ? id : undefined}
            data-testid={`${name}.${end}`}
            aria-label={t(end === 'start' ? 'entity.time_window_start' : 'entity.time_window_end', { field: label })}
            aria-invalid={invalid}
            aria-describedby={errorsIdFor(id, messages)}
            inputMode="numeric"
            placeholder={t('entity.time_placeholder')}
            value={window[end]}
            disabled={disabled}
            intent={invalid ? Intent.DANGER : Intent.NONE}
            style={{ width: '6em' }}
            onChange={(event) => set(end, event.currentTarget.value)}
            onBlur={(event) => set(end, normaliseTime(event.currentTarget.value))}
          />
        ))}
      </div>
    </FieldShell>
  );
}
