import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useCallback, useRef, useState } from 'react';
import { saveExtensionsSchema } from '../../api/contracts/user-actions.contract';
import { useUserExtensions, useUserWrites } from '../../api/resources/user-api';
import { showError } from '../../ui/feedback/error-store';
import { LoadingState } from '../../ui/feedback/loading-state';
import { StatePanel } from '../../ui/feedback/state-panel';
import { showToast } from '../../ui/feedback/toaster';
import { useAskBeforeClosing } from '../../ui/forms/ask-before-closing';
import { fieldErrorsFromServer } from '../../ui/forms/field-errors';
import { useFocusFirstProblem } from '../../ui/forms/focus-first-problem';
import { TYPING_LOST } from '../../ui/forms/unsaved-work';
import { useT, useTranslateMaybeId } from '../../i18n/use-t';
import { focusFirstField } from '../../ui/focus/focus-return';
import { useDialogFocus } from '../../ui/focus/use-dialog-focus';

export interface ExtensionsDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The company's extensions and who holds them (users/extensions). Changed rows are saved together
 * (users/save-extensions, so two users may swap), then the phone system reloads the directory.
 */
export function ExtensionsDialog({ isOpen, onClose }: ExtensionsDialogProps) {
  const t = useT();
  // Starts on the first field; focus goes back where it was when the dialog closes.
  const focus = useDialogFocus(focusFirstField);
  const translate = useTranslateMaybeId();
  const { data: holders, isLoading, error } = useUserExtensions(isOpen);
  const { saveExtensions } = useUserWrites();
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string[]>>({});
  const [busy, setBusy] = useState(false);
  const tableRef = useRef<HTMLTableElement>(null);
  // A refused save takes the user to the first row with a message, as the forms do.
  const focusFirstProblem = useFocusFirstProblem(tableRef);

  const closeNow = useCallback(() => {
    setEdits({});
    setErrors({});
    onClose();
  }, [onClose]);

  const changedRows = useCallback(
    () => (holders ?? []).filter((h) => h.user_id in edits && edits[h.user_id] !== (h.extension ?? '')),
    [holders, edits],
  );
  // Escape, × or Cancel with extensions changed and not saved asks first, as the forms do.
  const { close, question } = useAskBeforeClosing(
    useCallback(() => (changedRows().length > 0 ? TYPING_LOST : null), [changedRows]),
    closeNow,
    'resource.close_form_title',
  );

  // Messages under `extensions.<index>.extension` (the server's 422, or the same check here) → that row.
  const placeErrors = (fieldErrors: Record<string, string[]>, changed: { user_id: number }[]) => {
    const byUser: Record<number, string[]> = {};
    for (const [key, messages] of Object.entries(fieldErrors)) {
      const holder = changed[Number(/^extensions\.(\d+)/.exec(key)?.[1])];
      if (holder) byUser[holder.user_id] = messages;
    }
    setErrors(byUser);
    focusFirstProblem();
    return Object.keys(byUser).length > 0;
  };

  const save = async () => {
    const changed = changedRows();
    if (changed.length === 0) return closeNow();
    const body = { extensions: changed.map((h) => ({ user_id: h.user_id, extension: edits[h.user_id] ?? '' })) };
    // Checked first with the server's own schema (a blank extension id, §5, or one that is not digits):
    // said at once, under its row, and nothing is sent.
    const checked = saveExtensionsSchema.safeParse(body);
    if (!checked.success) {
      const byPath: Record<string, string[]> = {};
      for (const issue of checked.error.issues) (byPath[issue.path.join('.')] ??= []).push(issue.message);
      placeErrors(byPath, changed);
      return;
    }
    setBusy(true);
    try {
      await saveExtensions(body);
      void showToast(t('user.extensions.saved'));
      closeNow();
    } catch (err) {
      const fieldErrors = fieldErrorsFromServer(err);
      if (!fieldErrors || !placeErrors(fieldErrors, changed)) showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog isOpen={isOpen} onClose={busy ? undefined : close} title={t('user.extensions')} icon="phone" canOutsideClickClose={false} style={{ width: 640 }} {...focus}>
        <DialogBody>
          <p className={Classes.TEXT_MUTED}>{t('user.extensions.intro')}</p>
          {isLoading && <LoadingState />}
          {error && <StatePanel testId="extensions-error" icon="error" title={t('resource.load_failed')} />}
          {holders && holders.length === 0 && <StatePanel testId="extensions-empty" icon="people" title={t('user.extensions.empty')} />}
          {holders && holders.length > 0 && (
            <HTMLTable ref={tableRef} compact striped data-testid="extensions-table" style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th>{t('user.field.name')}</th>
                  <th>{t('user.field.username')}</th>
                  <th>{t('user.field.extension_id')}</th>
                </tr>
              </thead>
              <tbody>
                {holders.map((holder) => {
                  const messages = errors[holder.user_id];
                  return (
                    <tr key={holder.user_id}>
                      <td>{holder.name}</td>
                      <td>{holder.username}</td>
                      <td>
                        {/* A form group for its danger-coloured message, as every other form's field has. */}
                        <FormGroup
                          style={{ margin: 0 }}
                          intent={messages ? Intent.DANGER : Intent.NONE}
                          helperText={
                            messages && (
                              <span role="alert" data-testid={`extension-${holder.user_id}-errors`}>
                                {messages.map(translate).join(' ')}
                              </span>
                            )
                          }
                        >
                          <InputGroup
                            small
                            data-testid={`extension-${holder.user_id}`}
                            aria-label={t('user.field.extension_id')}
                            aria-invalid={messages ? true : undefined}
                            value={edits[holder.user_id] ?? holder.extension ?? ''}
                            disabled={busy}
                            intent={messages ? Intent.DANGER : Intent.NONE}
                            onChange={(event) => {
                              const value = event.currentTarget.value;
                              setEdits((prev) => ({ ...prev, [holder.user_id]: value }));
                            }}
                          />
                        </FormGroup>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button data-testid="extensions-cancel" disabled={busy} text={t('resource.cancel')} onClick={close} />
              <Button data-testid="extensions-save" intent={Intent.PRIMARY} loading={busy} disabled={!holders} text={t('common.save')} onClick={() => void save()} />
            </>
          }
        />
      </Dialog>
      {question}
    </>
  );
}
