import { Dialog, DialogBody, Intent } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import type { AnyResourceContract, RecordOf } from '../../api/resources/resource-contract';
import { useT } from '../../i18n/use-t';
import { focusFirstField } from '../focus/focus-return';
import { useDialogFocus } from '../focus/use-dialog-focus';
import { UnsavedWorkContext, useUnsavedWork, type UnsavedWork } from '../forms/unsaved-work';
import { ConfirmDialog } from './confirm-dialog';
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
  // The unsaved work the user is being asked about before the dialog closes; null while not asking.
  const [asking, setAsking] = useState<UnsavedWork | null>(null);
  // What the question said, while it closes.
  const lastAsked = useRef<UnsavedWork | null>(null);
  if (asking) lastAsked.current = asking;
  const close = () => {
    const work = unsaved.current();
    if (work) setAsking(work);
    else onClose();
  };
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
      {/* Beside the dialog, not inside it: Escape in the question must not reach the form's dialog. Kept
          mounted and closed rather than removed, so focus goes back into the form when it has closed. */}
      <ConfirmDialog
        isOpen={asking !== null}
        titleId="resource.close_form_title"
        messageId={(asking ?? lastAsked.current)?.messageId ?? 'resource.close_loses_typing'}
        confirmTextId="common.close"
        intent={Intent.WARNING}
        onConfirm={() => {
          setAsking(null);
          onClose();
        }}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
