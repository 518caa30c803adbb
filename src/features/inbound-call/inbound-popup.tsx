import { useEffect, useState } from 'react';
import { shallowEqual } from '@xstate/react';
import { usePopup, type PopupContextValue } from '../../shell/popups/popup-context';
import { CallPanel } from '../../shell/telephony/call-panel';
import { selectCall } from '../../shell/telephony/phone-view.selectors';
import type { CallView } from '../../machines/call/call.selectors';
import { usePhone, usePopupTelephonyFeed } from '../../shell/telephony/use-phone';
import { isPhoneNumberText } from '../../api/contracts/member.contract';
import { useCallMember } from '../../shell/telephony/member-selection';
import { ConsultationForm } from '../../ui/consultation/consultation-form';
import { ConsultationHistory } from '../../ui/consultation/consultation-history';
import { openConsultation } from '../../shell/popups/open-consultation';
import { ConsultationSlot } from '../../ui/telephony/consultation-slot';
import { CallWorkLayout } from '../../ui/telephony/call-work-layout';
import { CallerCard } from './caller-card';
import { CallerMembers } from '../../shell/telephony/caller-members';

/**
 * `/window/inbound?phone_no=…&ext_no=…&ring_gr=…&uniqueid=…&chanel=…&ivr_number=…&recordingfile=…&server=…&modal_id=…&title=…`,
 * opened by the call actor at the ring (window or dialog by the CTI pop-up mode; a blocked window becomes a
 * dialog). Caller, member record, the call's state and controls (from the phone that owns the call)
 * and the caller's latest consultations beside (or, narrow, above) the consultation form (CallWorkLayout).
 */
export default function InboundPopup() {
  usePopupTelephonyFeed();
  const popup = usePopup();
  const query = popup?.query ?? {};
  const uniqueid = query.uniqueid || query.modal_id || null;
  const call = usePhone(selectCall(uniqueid), shallowEqual);
  // A withheld number ("anonymous", "unavailable") is no number: nothing to look up, and the
  // consultation is linked to the call alone.
  const callerNumber = isPhoneNumberText(query.phone_no ?? '') ? (query.phone_no ?? '') : '';
  // The consultation is about the caller's member: the only one with the number, or the one chosen.
  const memberId = useCallMember(callerNumber || null, uniqueid)?.id;
  useDismissWhenMissed(popup, call);
  return (
    <CallWorkLayout
      testId="inbound-popup"
      data={{ 'data-uniqueid': uniqueid ?? '' }}
      presentation={popup?.presentation ?? 'window'}
      side={
        <>
          <CallerCard query={query} number={callerNumber} />
          <CallPanel call={call} />
          <CallerMembers phoneNo={callerNumber} uniqueid={uniqueid} />
          <ConsultationHistory memberId={memberId} phoneNumber={callerNumber} onOpen={openConsultation} />
        </>
      }
    >
      <ConsultationSlot>
        <ConsultationForm phoneNumber={callerNumber} callUniqueid={uniqueid ?? undefined} memberId={memberId} direction="inbound" />
      </ConsultationSlot>
    </CallWorkLayout>
  );
}

/** How long "Call ended" stays in sight before the pop-up of a call that only rang here goes. */
export const MISSED_POPUP_CLOSE_MS = 5_000;

/**
 * A call that rang here but was answered by a colleague (a ring group) or by nobody leaves a pop-up with
 * nothing to do in it: it goes by itself a few seconds after the call ends, unless the agent typed
 * something in it (QA: every ringing agent was left closing stale "Call ended" pop-ups).
 */
function useDismissWhenMissed(popup: PopupContextValue | null, call: CallView | null): void {
  // Latched: the phone forgets an ended call after a few seconds (ENDED_CALL_LINGER_MS), and that must
  // not call the dismissal off.
  const [missedHere, setMissedHere] = useState(false);
  if (!missedHere && call?.phase === 'ended' && !call.connected) setMissedHere(true);
  useEffect(() => {
    if (!missedHere || !popup?.dismiss) return;
    const timer = setTimeout(popup.dismiss, MISSED_POPUP_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [missedHere, popup]);
}
