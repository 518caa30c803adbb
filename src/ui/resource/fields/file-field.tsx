import { FileInput } from '@blueprintjs/core';
import type { InputHTMLAttributes } from 'react';
import { useT } from '../../../i18n/use-t';
import { useFieldId } from '../../forms/field-ids';
import { errorsIdFor, FieldShell } from '../../forms/field-shell';
import { messagesOf, type KindProps } from './field-props';

/**
 * A file sent with the record (multipart, docs/resources.md "File fields"). The form holds the chosen
 * File; the contract's schema checks its size and name before anything is sent, the server its content.
 * Editing without choosing one keeps the stored file.
 */
export function FileField(props: KindProps<'file'>) {
  const { field, name, value, onChange, disabled, hiddenLabel, values } = props;
  const t = useT();
  const id = useFieldId(name);
  const messages = messagesOf(props);
  const file = typeof File !== 'undefined' && value instanceof File ? value : null;
  return (
    // Editing (the form holds the record's id): no file chosen keeps the stored one.
    <FieldShell name={name} labelId={field.labelId} errors={messages} required={field.required && values.id === undefined} hiddenLabel={hiddenLabel} {...(values.id !== undefined ? { hintId: 'entity.file_keep' as const } : {})}>
      <FileInput
        fill
        disabled={disabled}
        text={file ? file.name : t('entity.file_choose')}
        hasSelection={file !== null}
        buttonText={t('entity.file_browse')}
        inputProps={
          {
            id,
            name,
            accept: field.accept,
            'aria-invalid': (messages?.length ?? 0) > 0,
            'aria-describedby': errorsIdFor(id, messages),
            'data-testid': name,
          } as InputHTMLAttributes<HTMLInputElement>
        }
        onInputChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
      />
    </FieldShell>
  );
}
