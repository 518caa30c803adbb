import { useEffect, useRef, useState } from 'react';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { callbackContract, isOpenCallbackStatus } from '../../api/contracts/callback.contract';
import { useCallbackActions } from '../../api/resources/callback-api';
import { useResourceRecord } from '../../api/resources/use-resource';
import { showError } from '../feedback/error-store';
import { formatPhoneNumber } from '../telephony/format-phone';
import { useT } from '../../i18n/use-t';
import { CallbackStatusTag } from './callback-status-tag';

/**
 * The callback an outbound pop-up was opened for (`?callback_id=`, from the callback list through the
 * select-members pop-up): which number is being called back and its status. Placing the call starts
 * the work on an open callback (in progress, so the other agents see someone has it); the agent marks
 * it done from here once the caller is served.
 */
export function CallbackCallStrip({ callbackId, calling }: { callbackId: number; calling: boolean }) {
  const t = useT();
  const { data: callback } = useResourceRecord(callbackContract, callbackId);
  const { setStatus } = useCallbackActions();
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    // An automatic try puts the callback in progress itself, once the caller answers (docs/calls.md).
    if (!calling || callback?.status !== 'open' || callback.auto_state === 'calling' || started.current) return;
    started.current = true;
    setStatus(callback.id, 'in_progress').catch(showError);
  }, [calling, callback, setStatus]);
  if (!callback) return null;
  const markDone = async () => {
    setBusy(true);
    try {
      await setStatus(callback.id, 'done');
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Callout compact intent={Intent.PRIMARY} icon="phone" data-testid="callback-call-strip" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <span>{t('callback.calling_back', { number: formatPhoneNumber(callback.phone_number) })}</span>
      <CallbackStatusTag callback={callback} />
      {isOpenCallbackStatus(callback.status) && (
        <Button size="small" icon="tick" data-testid="callback-mark-done" loading={busy} onClick={() => void markDone()} text={t('callback.mark_done')} />
      )}
    </Callout>
  );
}
