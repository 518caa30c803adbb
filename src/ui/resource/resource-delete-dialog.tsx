import { Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { AnyResourceContract, RecordOf } from '../../api/resources/resource-contract';
import { useResourceMutations } from '../../api/resources/use-resource-mutations';
import { showError } from '../feedback/error-store';
import { showToast } from '../feedback/toaster';
import { useT } from '../../i18n/use-t';
import { ConfirmDialog } from './confirm-dialog';
import type { ResourceView } from './resource-view';

export interface ResourceDeleteDialogProps<C extends AnyResourceContract> {
  view: ResourceView<C>;
  record: RecordOf<C> | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** The delete screen: names the record, deletes only after the user confirms. */
export function ResourceDeleteDialog<C extends AnyResourceContract>({ view, record, onClose, onDeleted }: ResourceDeleteDialogProps<C>) {
  const t = useT();
  const { remove } = useResourceMutations(view.contract);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!record) return;
    setBusy(true);
    try {
      await remove((record as { id: number }).id);
      void showToast(t(view.deletedId ?? 'resource.deleted'));
      onDeleted();
    } catch (err) {
      showError(err);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      isOpen={record !== null}
      titleId={view.deleteLabelId ?? 'resource.delete_title'}
      messageId={view.deleteConfirmId ?? 'resource.delete_confirm'}
      values={{ name: record ? view.describe(record) : '' }}
      confirmTextId={view.deleteLabelId ?? 'resource.delete'}
      intent={Intent.DANGER}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
