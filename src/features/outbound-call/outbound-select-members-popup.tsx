import { Button, ButtonGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallerMembers } from '../../api/members-lookup';
import { openPopup } from '../../shell/popups/open-popup';
import { usePopup } from '../../shell/popups/popup-context';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';
import { MemberChoiceTable } from '../../ui/telephony/member-choice-table';
import { useT } from '../../i18n/use-t';

/**
 * `/window/outbound/select-members?phone_number=…&callback_id=…` (specification §2): whom to call at a
 * number, before the call. The callback list's "Call back" opens it. Choosing a member opens the
 * outbound pop-up for that member; a number nobody has, or the agent's choice, calls it without one
 * (the outbound pop-up of the number), and a new member can be added with the number. The callback
 * goes along (`callback_id`), so the outbound pop-up can show it and mark it done.
 */
export default function OutboundSelectMembersPopup() {
  const t = useT();
  const popup = usePopup();
  const phoneNumber = popup?.query.phone_number ?? '';
  const callbackId = popup?.query.callback_id;
  const carried = callbackId ? { callback_id: callbackId } : {};
  const { data, error, isLoading } = useCallerMembers(phoneNumber || null);
  if (!phoneNumber) return <NonIdealState icon="phone" title={t('cti.outbound_select.no_number')} />;
  if (isLoading && !data) return <Spinner />;
  if (error && !data) return <NonIdealState icon="error" title={t('cti.outbound_select.lookup_failed')} description={error.message} />;
  const members = data?.data ?? [];
  // The next pop-up opens from here, then this one has done its part.
  const openInstead = (open: () => unknown) => {
    open();
    popup?.close();
  };
  return (
    <div data-testid="outbound-select-members" style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <p style={{ margin: 0 }}>
        {members.length > 0
          ? t('cti.outbound_select.intro', { number: formatPhoneNumber(phoneNumber) })
          : t('cti.outbound_select.none', { number: formatPhoneNumber(phoneNumber) })}
      </p>
      {members.length > 0 && <MemberChoiceTable members={members} onChoose={(member) => openInstead(() => openPopup('outbound', { id: member.id, ...carried }))} />}
      <ButtonGroup style={{ gap: 8 }}>
        <Button
          icon="phone"
          data-testid="outbound-select-without-member"
          onClick={() => openInstead(() => openPopup('outbound-popup', { phoneNumber, ...carried }))}
          text={t('cti.outbound_select.without_member')}
        />
        <Button icon="add" data-testid="outbound-select-new-member" onClick={() => openInstead(() => openPopup('add-member', { phone_number: phoneNumber }))} text={t('cti.outbound_select.new_member')} />
      </ButtonGroup>
    </div>
  );
}
