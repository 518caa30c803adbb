import { useState, type ReactNode } from 'react';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import { consultationContract } from '../../api/contracts/consultation.contract';
import { memberContract } from '../../api/contracts/member.contract';
import type { ApiError } from '../../api/errors';
import { useResourceRecord } from '../../api/resources/use-resource';
import { usePopup } from '../../shell/popups/popup-context';
import { CallPanel } from '../../shell/telephony/call-panel';
import { CallbackCallStrip } from '../../ui/callbacks/callback-call-strip';
import { CallerMembers } from '../../shell/telephony/caller-members';
import { useCallMember } from '../../shell/telephony/member-selection';
import { selectLatestCallWith } from '../../shell/telephony/phone-view.selectors';
import { usePhone, usePopupTelephonyFeed } from '../../shell/telephony/use-phone';
import { ConsultationForm } from '../../ui/consultation/consultation-form';
import { ConsultationSlot } from '../../ui/telephony/consultation-slot';
import { MemberCard } from '../../ui/telephony/member-card';
import { CallWorkLayout } from '../../ui/telephony/call-work-layout';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { DialForm } from './dial-form';
import { ConsultationHistory } from '../../ui/consultation/consultation-history';
import { openConsultation } from '../../shell/popups/open-consultation';

/**
 * `/window/outbound/:id`: the outbound work screen for member `id` (the specification nests
 * `outbound/{id}/consultation/{consultationId}` under it, so `id` is whom the agent calls): the member,
 * a dial form with the member's number, the call's state and controls, and the consultation form, which
 * carries the call's uniqueid once the PBX has given it. A consultation without a member (`id` 0, as
 * the consultation pop-ups address it) is continued by calling its own number, with that number's
 * members (or a new one) where the member would be.
 */
export default function OutboundMemberPopup() {
  usePopupTelephonyFeed();
  const popup = usePopup();
  const id = Number(popup?.params.id);
  // `outbound/{id}/consultation/{consultationId}` continues that consultation; `outbound/{id}` starts one.
  const consultationId = Number(popup?.params.consultationId) || undefined;
  if (id === 0 && consultationId) return <MemberlessConsultationWork consultationId={consultationId} />;
  return <MemberWork id={Number.isInteger(id) ? id : null} consultationId={consultationId} />;
}

function MemberWork({ id, consultationId }: { id: number | null; consultationId: number | undefined }) {
  const { data: member, error, isLoading } = useResourceRecord(memberContract, id);
  const work = useOutboundCall(member?.phone_number);
  if (isLoading) return <Spinner />;
  if (!member || error) return <NotFound titleId="cti.outbound.member_not_found" error={error} />;
  return (
    <OutboundWork work={work} phoneNumber={member.phone_number} memberId={member.id} consultationId={consultationId}>
      <MemberCard member={member} testIdPrefix="outbound-member" />
    </OutboundWork>
  );
}

function MemberlessConsultationWork({ consultationId }: { consultationId: number }) {
  const { data: consultation, error, isLoading } = useResourceRecord(consultationContract, consultationId);
  const work = useOutboundCall(consultation?.phone_number);
  const uniqueid = work.call?.uniqueid ?? null;
  const member = useCallMember(consultation?.phone_number, uniqueid);
  if (isLoading) return <Spinner />;
  if (!consultation || error) return <NotFound titleId="errors.not_found" error={error} />;
  return (
    <OutboundWork work={work} phoneNumber={consultation.phone_number} memberId={member?.id} consultationId={consultationId}>
      <CallerMembers phoneNo={consultation.phone_number} uniqueid={uniqueid} />
    </OutboundWork>
  );
}

function NotFound({ titleId, error }: { titleId: MessageId; error: ApiError | undefined }) {
  const t = useT();
  return <NonIdealState icon="search" title={t(titleId)} description={error?.message} />;
}

/**
 * The number in the dial form (the given one, unless the agent typed another) and the latest call to it:
 * the consultation written here is linked to that call's uniqueid, as the inbound pop-up's is.
 */
function useOutboundCall(initialNumber: string | undefined) {
  const [number, setNumber] = useState<string | null | undefined>(undefined);
  const call = usePhone(selectLatestCallWith(number === undefined ? initialNumber : number), shallowEqual);
  return { call, setNumber };
}

interface OutboundWorkProps {
  work: ReturnType<typeof useOutboundCall>;
  phoneNumber: string;
  memberId: number | undefined;
  consultationId: number | undefined;
  /** Whom the call is with. */
  children: ReactNode;
}

function OutboundWork({ work: { call, setNumber }, phoneNumber, memberId, consultationId, children }: OutboundWorkProps) {
  const popup = usePopup();
  const callbackId = Number(popup?.query.callback_id) || null;
  return (
    <CallWorkLayout
      testId="outbound-member-popup"
      presentation={popup?.presentation ?? 'window'}
      side={
        <>
          {callbackId && <CallbackCallStrip callbackId={callbackId} calling={!!call} />}
          {children}
          <section>
            <DialForm initialNumber={phoneNumber} onNumberChange={setNumber} busy={!!call && call.phase !== 'ended'} />
            {call && <CallPanel call={call} />}
          </section>
          <ConsultationHistory memberId={memberId} phoneNumber={phoneNumber} onOpen={openConsultation} />
        </>
      }
    >
      <ConsultationSlot>
        <ConsultationForm
          memberId={memberId}
          phoneNumber={phoneNumber}
          callUniqueid={call?.uniqueid ?? undefined}
          consultationId={consultationId}
          direction="outbound"
        />
      </ConsultationSlot>
    </CallWorkLayout>
  );
}
