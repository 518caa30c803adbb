import { HTMLSelect } from '@blueprintjs/core';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { useFieldId } from '../forms/field-ids';
import { errorsIdFor, FieldShell } from '../forms/field-shell';
import type { FieldProps } from '../resource/resource-view';

export interface SettingSelectProps extends FieldProps {
  labelId: MessageId;
  /** The names the company's settings offer. */
  options: readonly string[];
  /** @default false */
  required?: boolean;
  /** Shown as the empty choice. @default 'resource.choose' */
  emptyLabelId?: MessageId;
}

/**
 * A select of setting names (inquiry, department, categories). A name the settings no longer offer
 * (deleted since the consultation was written) still shows as chosen, so editing keeps it.
 */
export function SettingSelect({ name, labelId, options, required = false, emptyLabelId = 'resource.choose', value, onChange, errors, disabled }: SettingSelectProps) {
  const t = useT();
  const current = typeof value === 'string' ? value : '';
  const names = current && !options.includes(current) ? [...options, current] : options;
  const id = useFieldId(name);
  const messages = errors[name];
  return (
    <FieldShell name={name} labelId={labelId} errors={messages} required={required}>
      <HTMLSelect
        id={id}
        data-testid={name}
        value={current}
        disabled={disabled}
        fill
        aria-invalid={(messages?.length ?? 0) > 0}
        aria-describedby={errorsIdFor(id, messages)}
        onChange={(event) => onChange(event.currentTarget.value)}
        options={[{ value: '', label: t(emptyLabelId) }, ...names.map((n) => ({ value: n, label: n }))]}
      />
    </FieldShell>
  );
}
