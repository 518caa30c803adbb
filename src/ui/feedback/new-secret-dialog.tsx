import { Button, Classes, Code, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';
import { useDialogFocus } from '../focus/use-dialog-focus';
import { showToast } from './toaster';

export interface NewSecretDialogProps {
  secret: string;
  /** The title, with `{name}`. */
  titleId: MessageId;
  name: string;
  /** "Copy this key now: it will not be shown again." */
  onceId: MessageId;
  /** How the secret is used. */
  usageId: MessageId;
  copyId: MessageId;
  copiedId: MessageId;
  /** Test ids are `<prefix>-once`, `-secret`, `-copy`, `-close`. */
  testIdPrefix: string;
  onClose: () => void;
}

/**
 * A secret just issued (an agent or company API key), shown once with a copy button: no answer ever
 * carries it again, so closing this is the last time it is seen.
 */
export function NewSecretDialog({ secret, titleId, name, onceId, usageId, copyId, copiedId, testIdPrefix, onClose }: NewSecretDialogProps) {
  const t = useT();
  const focus = useDialogFocus((container) => container.querySelector<HTMLElement>(`[data-testid=${testIdPrefix}-copy]`)?.focus());
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      void showToast(t(copiedId));
    } catch {
      // Specification §5: a failed copy says so.
      void showToast(t('errors.copy_failed'), Intent.DANGER);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t(titleId, { name })} icon="key" style={{ width: 520 }} {...focus}>
      <DialogBody>
        <p className={Classes.RUNNING_TEXT} data-testid={`${testIdPrefix}-once`}>
          <strong>{t(onceId)}</strong>
        </p>
        <Code data-testid={`${testIdPrefix}-secret`} style={{ display: 'block', fontSize: 15, padding: '6px 10px', userSelect: 'all', wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <p className={Classes.TEXT_MUTED} style={{ marginTop: 12 }}>
          {t(usageId)}
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button data-testid={`${testIdPrefix}-copy`} icon="duplicate" intent={Intent.PRIMARY} text={t(copyId)} onClick={() => void copy()} />
            <Button data-testid={`${testIdPrefix}-close`} text={t('common.close')} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
