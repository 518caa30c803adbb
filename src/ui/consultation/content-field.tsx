import { Intent, TextArea } from '@blueprintjs/core';
import type { MessageId } from '../../i18n/message-ids';
import { useFieldId } from '../forms/field-ids';
import { errorsIdFor, FieldShell } from '../forms/field-shell';
import type { FieldProps } from '../resource/resource-view';

/** Several lines of text (what was said and done). */
export function ContentField({ name, value, onChange, errors, disabled, labelId }: FieldProps & { labelId: MessageId }) {
  const id = useFieldId(name);
  const messages = errors[name];
  return (
    <FieldShell name={name} labelId={labelId} errors={messages}>
      <TextArea
        id={id}
        data-testid={name}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        fill
        autoResize
        rows={4}
        intent={messages ? Intent.DANGER : Intent.NONE}
        aria-invalid={(messages?.length ?? 0) > 0}
        aria-describedby={errorsIdFor(id, messages)}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </FieldShell>
  );
}
