import { Button, Callout, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallerMembers } from '../../api/members-lookup';
import { openPopup } from '../popups/open-popup';
import { useCallMember } from './member-selection';
import { useT } from '../../i18n/use-t';
import { MemberCard } from '../../ui/telephony/member-card';

export interface CallerMembersProps {
  phoneNo: string;
  uniqueid: string | null;
}

/**
 * The caller's member record (`member/phone-number/{number}`): one member is shown at once; several
 * are chosen in the select-member pop-up (which the phone also opens by itself at the ring); none
 * offers a new member with the caller's number filled in (saving it refreshes this lookup in every
 * window through cross-window-stale.ts).
 */
export function CallerMembers({ phoneNo, uniqueid }: CallerMembersProps) {
  const t = useT();
  const { data, error, isLoading, mutate } = useCallerMembers(phoneNo || null);
  const member = useCallMember(phoneNo || null, uniqueid);
  if (!phoneNo) return null;
  if (isLoading && !data) {
    return (
      <div data-testid="inbound-member-loading">
        <Spinner size={24} />
      </div>
    );
  }
  if (error && !data) {
    return (
      <Callout intent={Intent.DANGER} data-testid="inbound-member-error" title={t('cti.inbound.lookup_failed')}>
        {error.message} <Button size="small" icon="refresh" onClick={() => void mutate()} text={t('common.retry')} />
      </Callout>
    );
  }
  if (!data) return null;

  const chooseAnother = () => openPopup('inbound-select-member', { phone_no: phoneNo, uniqueid: uniqueid ?? '' });
  if (member) {
    return (
      <div data-testid="inbound-members" data-count={data.memberCount}>
        <MemberCard member={member} testIdPrefix="inbound-member" />
        {data.memberCount > 1 && <Button size="small" icon="people" data-testid="inbound-select-member" onClick={chooseAnother} text={t('cti.inbound.choose_other')} />}
      </div>
    );
  }
  if (data.memberCount > 1) {
    return (
      <Callout intent={Intent.PRIMARY} icon="people" data-testid="inbound-members" data-count={data.memberCount} title={t('cti.inbound.many_members', { count: data.memberCount })}>
        <Button intent={Intent.PRIMARY} data-testid="inbound-select-member" onClick={chooseAnother} text={t('cti.inbound.choose_member')} />
      </Callout>
    );
  }
  return (
    <div data-testid="inbound-members" data-count={0}>
      <NonIdealState
        icon="user"
        title={t('cti.inbound.no_member')}
        action={
          <span style={{ display: 'inline-flex', gap: 6 }}>
            <Button intent={Intent.PRIMARY} icon="add" data-testid="inbound-new-member" onClick={() => openPopup('add-member', { phone_number: phoneNo })} text={t('cti.inbound.new_member')} />
            <Button icon="refresh" data-testid="inbound-member-refresh" onClick={() => void mutate()} text={t('cti.inbound.look_again')} />
          </span>
        }
      />
    </div>
  );
}
