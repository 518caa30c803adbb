import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useUserExtensions, useUserWrites } from '../../api/resources/user-api';
import { showError } from '../../ui/feedback/error-store';
import { LoadingState } from '../../ui/feedback/loading-state';
import { StatePanel } from '../../ui/feedback/state-panel';
import { showToast } from '../../ui/feedback/toaster';
import { fieldErrorsFromServer } from '../../ui/forms/field-errors';
import { useFocusFirstProblem } from '../../ui/forms/focus-first-problem';
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

  const close = () => {
    setEdits({});
    setErrors({});
    onClose();
  };

  const save = async () => {
    const changed = (holders ?? []).filter((h) => h.user_id in edits && edits[h.user_id] !== (h.extension ?? ''));
    if (changed.length === 0) return close();
    // A user's extension id is required (specification §5): a blanked one is said at once, nothing sent.
    const blank = changed.filter((h) => !edits[h.user_id]?.trim());
    if (blank.length > 0) {
      setErrors(Object.fromEntries(blank.map((h) => [h.user_id, ['validation.user_extension_required']])));
      return focusFirstProblem();
    }
    setBusy(true);
    try {
      await saveExtensions({ extensions: changed.map((h) => ({ user_id: h.user_id, extension: edits[h.user_id] ?? '' })) });
      void showToast(t('user.extensions.saved'));
      close();
    } catch (err) {
      const fieldErrors = fieldErrorsFromServer(err);
      if (!fieldErrors) return showError(err);
      // `extensions.<index>.extension` → the row of that index.
      const byUser: Record<number, string[]> = {};
      for (const [key, messages] of Object.entries(fieldErrors)) {
        const index = Number(/^extensions\.(\d+)/.exec(key)?.[1]);
        const holder = changed[index];
        if (holder) byUser[holder.user_id] = messages;
      }
      if (Object.keys(byUser).length === 0) showError(err);
      setErrors(byUser);
      focusFirstProblem();
    } finally {
      setBusy(false);
    }
  };

  return (
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
  );
}
