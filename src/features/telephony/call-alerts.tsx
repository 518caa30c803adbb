import { useEffect, useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import { selectCalls, selectRole } from '../../shell/telephony/phone-view.selectors';
import { usePhone } from '../../shell/telephony/use-phone';
import type { CallView } from '../../machines/call/call.selectors';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';
import { useT } from '../../i18n/use-t';
import { askNotificationPermission, shouldOfferNotifications, showCallNotification } from './desktop-notification';
import { ringer } from './ring-sound';

const ringingInbound = (calls: CallView[]) => calls.filter((c) => c.direction === 'inbound' && c.phase === 'ringing');

/**
 * Ring sound and desktop notification while an inbound call rings; both stop when it is answered, ends
 * or is picked up elsewhere. Only the tab that owns the phone alerts (one ring, not one per tab).
 */
export function CallAlerts() {
  const t = useT();
  const role = usePhone(selectRole);
  const calls = usePhone(selectCalls, shallowEqual);
  const ringing = role === 'leader' ? ringingInbound(calls) : [];
  const ringingKey = ringing.map((c) => c.callId).join(',');
  const shown = useRef(new Map<string, () => void>());

  useEffect(() => {
    if (role === 'leader') ringer.warmUp();
  }, [role]);

  useEffect(() => {
    if (!ringingKey) {
      ringer.stop();
      return;
    }
    ringer.start();
  }, [ringingKey]);

  useEffect(() => {
    const ids = new Set(ringingKey ? ringingKey.split(',') : []);
    for (const [id, close] of shown.current) {
      if (!ids.has(id)) {
        close();
        shown.current.delete(id);
      }
    }
    for (const call of ringing) {
      if (shown.current.has(call.callId)) continue;
      shown.current.set(
        call.callId,
        showCallNotification({ title: t('cti.alert.title'), body: t('cti.alert.body', { number: formatPhoneNumber(call.number) }), tag: call.callId }),
      );
    }
    // `ringing` is derived from ringingKey's calls; the key is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ringingKey, t]);

  useEffect(
    () => () => {
      ringer.stop();
      shown.current.forEach((close) => close());
      shown.current.clear();
    },
    [],
  );

  return <EnableAlertsButton />;
}

/** Asks for the notification permission once, from a click (which also unlocks the ring's audio). */
function EnableAlertsButton() {
  const t = useT();
  const [offer, setOffer] = useState(shouldOfferNotifications);
  if (!offer) return null;
  return (
    <Button
      size="small"
      variant="minimal"
      icon="notifications"
      data-testid="alerts-enable"
      onClick={() => {
        ringer.prime();
        setOffer(false);
        void askNotificationPermission();
      }}
      text={t('cti.alert.enable')}
    />
  );
}
