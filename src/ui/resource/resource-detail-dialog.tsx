import { Button, Classes, Dialog, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import type { AnyResourceContract, RecordOf } from '../../api/resources/resource-contract';
import { useT } from '../../i18n/use-t';
import { useDialogFocus } from '../focus/use-dialog-focus';
import { cellValue } from './cell-value';
import type { ResourceView } from './resource-view';
import './resource-list.css';

export interface ResourceDetailDialogProps<C extends AnyResourceContract> {
  view: ResourceView<C>;
  record: RecordOf<C> | null;
  onClose: () => void;
}

/** A record as label/value rows: the definition's `details`, else one per column (hidden ones too). */
export function ResourceDetails<C extends AnyResourceContract>({ view, record }: { view: ResourceView<C>; record: RecordOf<C> }) {
  const t = useT();
  return (
    <HTMLTable compact className="resource-detail" data-testid="resource-detail" style={{ width: '100%' }}>
      <tbody>
        {(view.details ?? view.columns).map((column) => (
          <tr key={column.key}>
            <th className={Classes.TEXT_MUTED} style={{ width: '35%' }}>
              {t(column.labelId)}
            </th>
            <td>{cellValue(column, record)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** The view screen of a resource: every column (hidden ones too), then the entity's detail slot. */
export function ResourceDetailDialog<C extends AnyResourceContract>({ view, record, onClose }: ResourceDetailDialogProps<C>) {
  const t = useT();
  const focus = useDialogFocus();
  return (
    <Dialog isOpen={record !== null} onClose={onClose} title={t('resource.view_title', { noun: t(view.nounId) })} style={{ width: 600 }} {...focus}>
      <DialogBody>
        {record && (
          <>
            <ResourceDetails view={view} record={record} />
            {view.slots?.detail?.(record)}
          </>
        )}
      </DialogBody>
      <DialogFooter actions={<Button onClick={onClose} text={t('common.close')} />} />
    </Dialog>
  );
}
