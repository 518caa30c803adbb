import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useRef } from 'react';
import { useDialogFocus } from '../focus/use-dialog-focus';
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

/**
 * A question that needs an answer before something irreversible (delete, a rename that spreads).
 * Focus starts on the answer Enter should give: confirm, except where confirming destroys something
 * (a DANGER or WARNING intent: delete, close with unsaved work), where it starts on Cancel, so an Enter
 * pressed once too often on the button that opened the question cannot destroy anything.
 */
export function ConfirmDialog({ isOpen, titleId, messageId, values, confirmTextId, intent = Intent.PRIMARY, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT();
  const cancel = useRef<HTMLButtonElement>(null);
  const accept = useRef<HTMLButtonElement>(null);
  const destructive = intent === Intent.DANGER || intent === Intent.WARNING;
  const focus = useDialogFocus(() => (destructive ? cancel : accept).current?.focus());
  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onCancel} title={t(titleId)} icon="warning-sign" isCloseButtonShown={false} style={{ width: 465 }} {...focus}>
      <DialogBody>
        <p className={Classes.RUNNING_TEXT} data-testid="confirm-message">
          {t(messageId, values)}
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button ref={cancel} data-testid="confirm-cancel" disabled={busy} onClick={onCancel} text={t('resource.cancel')} />
            <Button ref={accept} data-testid="confirm-accept" intent={intent} loading={busy} onClick={onConfirm} text={t(confirmTextId)} />
          </>
        }
      />
    </Dialog>
  );
}
