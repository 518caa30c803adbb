import { Dialog, DialogBody } from '@blueprintjs/core';
import type { AnyResourceContract, RecordOf } from '../../api/resources/resource-contract';
import { useT } from '../../i18n/use-t';
import { focusFirstField } from '../focus/focus-return';
import { useDialogFocus } from '../focus/use-dialog-focus';
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

/** The add and edit screens of a resource as an in-page dialog; typing can start at once in its first field. */
export function ResourceFormDialog<C extends AnyResourceContract>({ view, editing, addValues, onSaved, onClose }: ResourceFormDialogProps<C>) {
  const t = useT();
  const noun = t(view.nounId);
  const record = editing?.record;
  const focus = useDialogFocus(focusFirstField);
  return (
    <Dialog
      isOpen={editing !== null}
      onClose={onClose}
      title={t(record ? 'resource.edit_title' : 'resource.add_title', { noun })}
      // A stray click outside must not throw away what was typed.
      canOutsideClickClose={false}
      style={{ width: 600 }}
      {...focus}
    >
      <DialogBody>
        {editing && (
          // A new key per record restarts the form from that record.
          <ResourceForm key={(record as { id?: number } | undefined)?.id ?? 'new'} view={view} record={record} initialValues={addValues} onSaved={onSaved} onCancel={onClose} />
        )}
      </DialogBody>
    </Dialog>
  );
}
