import { useState } from 'react';
import { shallowEqual } from '@xstate/react';
import { dialableNumber } from '../../api/cti/dialable-number';
import { usePopup } from '../../shell/popups/popup-context';
import { CallPanel } from '../../shell/telephony/call-panel';
import { CallbackCallStrip } from '../../ui/callbacks/callback-call-strip';
import { selectLatestCallWith } from '../../shell/telephony/phone-view.selectors';
import { useCallMember } from '../../shell/telephony/member-selection';
import { usePhone, usePopupTelephonyFeed } from '../../shell/telephony/use-phone';
import { ConsultationForm } from '../../ui/consultation/consultation-form';
import { ConsultationSlot } from '../../ui/telephony/consultation-slot';
import { CallWorkLayout } from '../../ui/telephony/call-work-layout';
import { CallerMembers } from '../../shell/telephony/caller-members';
import { DialForm } from './dial-form';

/**
 * `/window/outbound-popup/:phoneNumber?` (a window): a dial form, prefilled from the path, and the state
 * and controls of the call to that number (click-to-call opens it for users with the outbound call
 * pop-up toggle, so it shows the call the click placed). Once the call is placed: the called number's
 * member (or a new one) and the consultation form, linked to the call as the inbound pop-up's is.
 */
export default function OutboundDialPopup() {
  usePopupTelephonyFeed();
  const popup = usePopup();
  const initial = popup?.params.phoneNumber ?? '';
  const [number, setNumber] = useState(() => dialableNumber(initial));
  const call = usePhone(selectLatestCallWith(number), shallowEqual);
  // Looked up once there is a call, not at every digit typed.
  const called = call ? number : null;
  const memberId = useCallMember(called, call?.uniqueid)?.id;
  const callbackId = Number(popup?.query.callback_id) || null;
  return (
    <CallWorkLayout
      testId="outbound-popup"
      presentation={popup?.presentation ?? 'window'}
      side={
        <>
          {callbackId && <CallbackCallStrip callbackId={callbackId} calling={!!call} />}
          <DialForm initialNumber={initial} onNumberChange={setNumber} busy={!!call && call.phase !== 'ended'} />
          {call && <CallPanel call={call} />}
          {call && called && <CallerMembers phoneNo={called} uniqueid={call.uniqueid} />}
        </>
      }
    >
      {call && called && (
        <ConsultationSlot>
          <ConsultationForm phoneNumber={called} callUniqueid={call.uniqueid ?? undefined} memberId={memberId} direction="outbound" />
        </ConsultationSlot>
      )}
    </CallWorkLayout>
  );
}
