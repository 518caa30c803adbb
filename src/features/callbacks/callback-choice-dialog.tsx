import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { MessageId } from '../../i18n/message-ids';
import { useT, type MessageValues } from '../../i18n/use-t';
import { showError } from '../../ui/feedback/error-store';
import { showToast } from '../../ui/feedback/toaster';
import { FormIdScope, useFieldId } from '../../ui/forms/field-ids';
import { FieldShell } from '../../ui/forms/field-shell';
import { focusFirstField } from '../../ui/focus/focus-return';
import { useDialogFocus } from '../../ui/focus/use-dialog-focus';

export interface ChoiceOption {
  value: string;
  label: string;
}

export interface CallbackChoiceDialogProps {
  isOpen: boolean;
  titleId: MessageId;
  titleValues?: MessageValues;
  /** The request field whose 422 messages show under the select (`status`, `user_id`). */
  field: string;
  labelId: MessageId;
  options: readonly ChoiceOption[];
  initial: string;
  savedId: MessageId;
  onSave: (value: string) => Promise<unknown>;
  onClose: () => void;
}

/** One question about a callback, answered from a list (its status, its assignee), then saved. */
export function CallbackChoiceDialog({ isOpen, titleId, titleValues, field, labelId, options, initial, savedId, onSave, onClose }: CallbackChoiceDialogProps) {
  const t = useT();
  // Starts on the first field; focus goes back where it was when the dialog closes.
  const focus = useDialogFocus(focusFirstField);
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!isOpen) return;
    setValue(initial);
    setErrors([]);
  }, [isOpen, initial]);

  const save = async () => {
    setBusy(true);
    try {
      await onSave(value);
      void showToast(t(savedId));
      onClose();
    } catch (err) {
      const error = toApiError(err);
      const messages = error.fieldErrors[field];
      if (messages?.length) setErrors(messages);
      else showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} title={t(titleId, titleValues)} style={{ width: 465 }} {...focus}>
      <DialogBody>
        {/* Inside the dialog, so the scope is open only while the dialog is. */}
        <FormIdScope>
          <ChoiceField name={`callback-${field}`} labelId={labelId} errors={errors} value={value} options={options} onChange={setValue} />
        </FormIdScope>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button data-testid="callback-choice-cancel" disabled={busy} onClick={onClose} text={t('resource.cancel')} />
            <Button data-testid="callback-choice-save" intent={Intent.PRIMARY} loading={busy} disabled={value === initial} onClick={() => void save()} text={t('common.save')} />
          </>
        }
      />
    </Dialog>
  );
}

interface ChoiceFieldProps {
  name: string;
  labelId: MessageId;
  errors: readonly string[];
  value: string;
  options: readonly ChoiceOption[];
  onChange: (value: string) => void;
}

function ChoiceField({ name, labelId, errors, value, options, onChange }: ChoiceFieldProps) {
  const id = useFieldId(name);
  return (
    <FieldShell name={name} labelId={labelId} errors={errors}>
      <HTMLSelect
        id={id}
        data-testid={`${name}-select`}
        fill
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        options={options.map((option) => ({ value: option.value, label: option.label }))}
      />
    </FieldShell>
  );
}
