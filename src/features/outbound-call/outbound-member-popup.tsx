import { useState } from 'react';
import { Divider, NonIdealState, Spinner } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import { memberContract } from '../../api/contracts/member.contract';
import { useResourceRecord } from '../../api/resources/use-resource';
import { usePopup } from '../../app/popups/popup-context';
import { CallPanel } from '../../app/telephony/call-panel';
import { selectLatestCallWith } from '../../app/telephony/phone-view.selectors';
import { usePhone, usePopupTelephonyFeed } from '../../app/telephony/use-phone';
import { ConsultationForm } from '../../ui/consultation/consultation-form';
import { ConsultationSlot } from '../../ui/telephony/consultation-slot';
import { MemberCard } from '../../ui/telephony/member-card';
import { useT } from '../../i18n/use-t';
import { DialForm } from './dial-form';

/**
 * `/window/outbound/:id`: the outbound work screen for member `id` (the specification nests
 * `outbound/{id}/consultation/{consultationId}` under it, so `id` is whom the agent calls): the member,
 * a dial form with the member's number, the call's state and controls, and the consultation form, which
 * carries the call's uniqueid once the PBX has given it.
 */
export default function OutboundMemberPopup() {
  const t = useT();
  usePopupTelephonyFeed();
  const popup = usePopup();
  const id = Number(popup?.params.id);
  // `outbound/{id}/consultation/{consultationId}` continues that consultation; `outbound/{id}` starts one.
  const consultationId = Number(popup?.params.consultationId) || undefined;
  const { data: member, error, isLoading } = useResourceRecord(memberContract, Number.isInteger(id) ? id : null);
  // The number in the dial form (the member's, unless the agent typed another) and the call to it: the
  // consultation written here is linked to that call's uniqueid, as the inbound pop-up's is.
  const [number, setNumber] = useState<string | null | undefined>(undefined);
  const call = usePhone(selectLatestCallWith(number === undefined ? member?.phone_number : number), shallowEqual);
  if (isLoading) return <Spinner />;
  if (!member || error) return <NonIdealState icon="search" title={t('cti.outbound.member_not_found')} description={error?.message} />;
  return (
    <div data-testid="outbound-member-popup" style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <MemberCard member={member} testIdPrefix="outbound-member" />
      <section>
        <DialForm initialNumber={member.phone_number} onNumberChange={setNumber} busy={!!call && call.phase !== 'ended'} />
        {call && <CallPanel call={call} />}
      </section>
      <Divider />
      <ConsultationSlot>
        <ConsultationForm
          memberId={member.id}
          phoneNumber={member.phone_number}
          callUniqueid={call?.uniqueid ?? undefined}
          consultationId={consultationId}
          direction="outbound"
        />
      </ConsultationSlot>
    </div>
  );
}
