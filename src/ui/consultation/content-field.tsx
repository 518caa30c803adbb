import { Intent, TextArea } from '@blueprintjs/core';
import type { MessageId } from '../../i18n/message-ids';
import { errorsIdFor, FieldShell } from '../forms/field-shell';
import type { FieldProps } from '../resource/resource-view';

/** Several lines of text (what was said and done). */
export function ContentField({ name, value, onChange, errors, disabled, labelId }: FieldProps & { labelId: MessageId }) {
  const messages = errors[name];
  return (
    <FieldShell inputId={name} labelId={labelId} errors={messages}>
      <TextArea
        id={name}
        data-testid={name}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        fill
        autoResize
        rows={4}
        intent={messages ? Intent.DANGER : Intent.NONE}
        aria-invalid={(messages?.length ?? 0) > 0}
        aria-describedby={errorsIdFor(name, messages)}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </FieldShell>
  );
}
