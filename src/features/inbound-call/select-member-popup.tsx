import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { shallowEqual } from '@xstate/react';
import { useCallerMembers } from '../../api/members-lookup';
import { usePopup } from '../../shell/popups/popup-context';
import { CallPanel } from '../../shell/telephony/call-panel';
import { chooseMemberForCall } from '../../shell/telephony/member-selection';
import { selectCall } from '../../shell/telephony/phone-view.selectors';
import { usePhone, usePopupTelephonyFeed } from '../../shell/telephony/use-phone';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';
import { MemberChoiceTable } from '../../ui/telephony/member-choice-table';
import { useT } from '../../i18n/use-t';

/**
 * `/window/inbound/select-member?phone_no=…&uniqueid=…`: several members share the caller's number;
 * the agent picks one and the inbound pop-up shows it (in whatever window it is). It opens instead of
 * the inbound pop-up (specification §4) and, as a dialog, on top of it: so it carries the call's state
 * and controls too, and the phone can be answered before anyone is chosen (QA: Answer sat under it).
 * The choice is kept on the call log too (`cti/calls/member`), so the call's history names the member.
 */
export default function SelectMemberPopup() {
  usePopupTelephonyFeed();
  const popup = usePopup();
  const phoneNo = popup?.query.phone_no ?? '';
  const uniqueid = popup?.query.uniqueid ?? '';
  const call = usePhone(selectCall(uniqueid || null), shallowEqual);
  return (
    <div style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <CallPanel call={call} />
      <MemberChoice phoneNo={phoneNo} uniqueid={uniqueid} onChosen={() => popup?.close()} />
    </div>
  );
}

function MemberChoice({ phoneNo, uniqueid, onChosen }: { phoneNo: string; uniqueid: string; onChosen: () => void }) {
  const t = useT();
  const { data, error, isLoading } = useCallerMembers(phoneNo || null);
  const [saving, setSaving] = useState(false);
  if (isLoading && !data) return <Spinner />;
  if (error && !data) return <NonIdealState icon="error" title={t('cti.inbound.lookup_failed')} description={error.message} />;
  const members = data?.data ?? [];
  return (
    <div>
      <p>{t('cti.select_member.intro', { number: formatPhoneNumber(phoneNo), count: members.length })}</p>
      <MemberChoiceTable
        members={members}
        onChoose={(member) => {
          if (!uniqueid) return onChosen();
          if (saving) return;
          // Closed once the call log has the choice (a window that closes cuts its request off); a
          // refused save stays open, with the error dialog, to choose again.
          setSaving(true);
          void chooseMemberForCall(uniqueid, member.id).then((kept) => {
            setSaving(false);
            if (kept) onChosen();
          });
        }}
      />
    </div>
  );
}
