import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useRef } from 'react';
import type { ImportStatus } from '../../api/contracts/import.contract';
import { useT } from '../../i18n/use-t';
import { useDialogFocus } from '../focus/use-dialog-focus';

export interface ImportStartOverDialogProps {
  isOpen: boolean;
  /** The interrupted import. */
  status: ImportStatus;
  /** Discarding is under way: the buttons wait. @default false */
  busy?: boolean;
  /** Import every row of the file again (the committed ones stay, so they will be there twice). */
  onImportAll: () => void;
  /** Only forget the interrupted import; its rows stay. */
  onDiscard: () => void;
  onCancel: () => void;
}

/**
 * Starting an interrupted import over, asked before it happens: the rows that went in stay, so importing
 * the whole file again adds them a second time. Offers that, only forgetting the interrupted import, or
 * nothing. Focus starts on Cancel, since both answers are for good.
 */
export function ImportStartOverDialog({ isOpen, status, busy = false, onImportAll, onDiscard, onCancel }: ImportStartOverDialogProps) {
  const t = useT();
  const cancel = useRef<HTMLButtonElement>(null);
  const focus = useDialogFocus(() => cancel.current?.focus());
  return (
    <Dialog
      isOpen={isOpen}
      onClose={busy ? undefined : onCancel}
      title={t('import.start_over.title')}
      icon="warning-sign"
      isCloseButtonShown={false}
      style={{ width: 520 }}
      {...focus}
    >
      <DialogBody>
        <p className={Classes.RUNNING_TEXT} data-testid="import-start-over-message">
          {t('import.start_over.message', { file: status.file_name, inserted: status.inserted })}
        </p>
        <p className={Classes.RUNNING_TEXT}>{t('import.start_over.discard_hint')}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button ref={cancel} data-testid="import-start-over-cancel" disabled={busy} onClick={onCancel} text={t('resource.cancel')} />
            <Button data-testid="import-discard" loading={busy} onClick={onDiscard} text={t('import.start_over.discard')} />
            <Button data-testid="import-start-over-confirm" intent={Intent.WARNING} disabled={busy} onClick={onImportAll} text={t('import.start_over.import_all')} />
          </>
        }
      />
    </Dialog>
  );
}
