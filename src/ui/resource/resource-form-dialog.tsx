import { Dialog, DialogBody } from '@blueprintjs/core';
import type { AnyResourceContract, RecordOf } from '../../api/resources/resource-contract';
import { useT } from '../../i18n/use-t';
import { focusFirstField } from '../focus/focus-return';
import { useDialogFocus } from '../focus/use-dialog-focus';
import { useAskBeforeClosing } from '../forms/ask-before-closing';
import { UnsavedWorkContext, useUnsavedWork } from '../forms/unsaved-work';
import { ResourceForm } from './resource-form';
import type { FormValues, ResourceView } from './resource-view';

export interface ResourceFormDialogProps<C extends AnyResourceContract> {
  view: ResourceView<C>;
  /** `{ record }` edits, `{}` adds; null keeps the dialog closed. */
  editing: { record?: RecordOf<C> } | null;
  /** Values an add form starts with. */
  addValues?: FormValues;
  onSaved: (record: RecordOf<C>) => void;
  onClose: () => void;
}

/**
 * The add and edit screens of a resource as an in-page dialog; typing can start at once in its first
 * field. Closing it (Escape, ×, Cancel) with typing in the form asks first, as a pop-up does.
 */
export function ResourceFormDialog<C extends AnyResourceContract>({ view, editing, addValues, onSaved, onClose }: ResourceFormDialogProps<C>) {
  const t = useT();
  const noun = t(view.nounId);
  const record = editing?.record;
  const focus = useDialogFocus(focusFirstField);
  const unsaved = useUnsavedWork();
  const { close, question } = useAskBeforeClosing(unsaved.current, onClose, 'resource.close_form_title');
  return (
    <>
      <Dialog
        isOpen={editing !== null}
        onClose={close}
        title={t(record ? 'resource.edit_title' : 'resource.add_title', { noun })}
        // A stray click outside must not throw away what was typed.
        canOutsideClickClose={false}
        style={{ width: 600 }}
        {...focus}
      >
        <DialogBody>
          {editing && (
            <UnsavedWorkContext value={unsaved.report}>
              {/* A new key per record restarts the form from that record. */}
              <ResourceForm key={(record as { id?: number } | undefined)?.id ?? 'new'} view={view} record={record} initialValues={addValues} onSaved={onSaved} onCancel={close} />
            </UnsavedWorkContext>
          )}
        </DialogBody>
      </Dialog>
      {question}
    </>
  );
}
