import { Icon } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import { useCallerMembers } from '../../api/members-lookup';
import { CallControls } from '../../shell/telephony/call-controls';
import { useCallMember } from '../../shell/telephony/member-selection';
import { selectCall, selectCalls } from '../../shell/telephony/phone-view.selectors';
import { TransferDialog } from '../../shell/telephony/transfer-dialog';
import { usePhone } from '../../shell/telephony/use-phone';
import type { CallView } from '../../machines/call/call.selectors';
import { PhoneNumberLink } from '../../ui/telephony/phone-number-link';
import { useT } from '../../i18n/use-t';
import { openBarPanel, setTelephonyUi, useTelephonyUi } from './telephony-ui-store';

/** The current calls of the extension, oldest first, each with its controls. */
export function CallList() {
  const calls = usePhone(selectCalls, shallowEqual);
  if (calls.length === 0) return null;
  return (
    <div data-testid="cti-calls" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      {calls.map((call) => (
        <CallRow key={call.callId} call={call} />
      ))}
      <CallTransferDialog />
    </div>
  );
}

function CallRow({ call }: { call: CallView }) {
  const t = useT();
  return (
    <div data-testid="cti-call" data-call-id={call.callId} data-direction={call.direction} style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <Icon icon={call.direction === 'inbound' ? 'arrow-left' : 'arrow-right'} title={t(call.direction === 'inbound' ? 'cti.call.inbound' : 'cti.call.outbound')} />
      <span data-testid="cti-call-number">
        <PhoneNumberLink number={call.number} dialable={false} testId="cti-call-number-link" />
      </span>
      <CallMemberNote call={call} />
      <CallControls call={call} showReopen onTransfer={() => openBarPanel('transfer', call)} />
    </div>
  );
}

/**
 * Who is on the line: the member chosen in select-member, or the number's only member; "2 members" while
 * a shared number's member is not chosen yet. An inbound call's number was looked up at the ring (its
 * memberCount), an outbound call's is looked up here; both through the cached caller lookup.
 */
function CallMemberNote({ call }: { call: CallView }) {
  const t = useT();
  const number = call.direction === 'outbound' || (call.memberCount ?? 0) > 0 ? call.number : null;
  const lookup = useCallerMembers(number).data;
  const member = useCallMember(number, call.uniqueid);
  const count = call.memberCount ?? lookup?.memberCount ?? 0;
  if (member) return <span data-testid="cti-call-member">{member.name}</span>;
  if (count > 1) return <span data-testid="cti-call-member">{t('cti.call.member_count', { count })}</span>;
  return null;
}

function CallTransferDialog() {
  const callId = useTelephonyUi((s) => s.transferCallId);
  const call = usePhone(selectCall(callId), shallowEqual);
  if (!call) return null;
  return <TransferDialog call={call} isOpen onClose={() => setTelephonyUi({ transferCallId: null })} />;
}
