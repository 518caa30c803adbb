import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useT, type MessageValues } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';

export interface ConfirmDialogProps {
  isOpen: boolean;
  titleId: MessageId;
  messageId: MessageId;
  values?: MessageValues;
  confirmTextId: MessageId;
  /** @default Intent.PRIMARY */
  intent?: Intent;
  /** The confirmed action is running: the buttons wait. @default false */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question that needs an answer before something irreversible (delete, a rename that spreads). */
export function ConfirmDialog({ isOpen, titleId, messageId, values, confirmTextId, intent = Intent.PRIMARY, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT();
  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onCancel} title={t(titleId)} icon="warning-sign" isCloseButtonShown={false} style={{ width: 465 }}>
      <DialogBody>
        <p className={Classes.RUNNING_TEXT} data-testid="confirm-message">
          {t(messageId, values)}
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button data-testid="confirm-cancel" disabled={busy} onClick={onCancel} text={t('resource.cancel')} />
            <Button data-testid="confirm-accept" intent={intent} loading={busy} onClick={onConfirm} text={t(confirmTextId)} />
          </>
        }
      />
    </Dialog>
  );
}
