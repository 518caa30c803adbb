import { Dialog, DialogBody } from '@blueprintjs/core';
import type { AnyResourceContract, RecordOf } from '../../api/resources/resource-contract';
import { useT } from '../../i18n/use-t';
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

/** The add and edit screens of a resource as an in-page dialog. */
export function ResourceFormDialog<C extends AnyResourceContract>({ view, editing, addValues, onSaved, onClose }: ResourceFormDialogProps<C>) {
  const t = useT();
  const noun = t(view.nounId);
  const record = editing?.record;
  return (
    <Dialog
      isOpen={editing !== null}
      onClose={onClose}
      title={t(record ? 'resource.edit_title' : 'resource.add_title', { noun })}
      // A stray click outside must not throw away what was typed.
      canOutsideClickClose={false}
      style={{ width: 600 }}
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
