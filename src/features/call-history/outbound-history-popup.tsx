import { Card, H4 } from '@blueprintjs/core';
import { memberContract } from '../../api/contracts/member.contract';
import { useResourceRecord } from '../../api/resources/use-resource';
import { useUserInfo } from '../../shell/session/session-selectors';
import { usePopup } from '../../shell/popups/popup-context';
import { useT } from '../../i18n/use-t';
import { LoadingState } from '../../ui/feedback/loading-state';
import { StatePanel } from '../../ui/feedback/state-panel';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { MemberCard } from '../../ui/telephony/member-card';
import { callHistoryView } from './call-history.resource';

/**
 * Pop-up `member/outbound/history/{id}`: who the member is, then the outbound calls to their number
 * from the call log (`cti/calls/history` with `number` and `direction`), newest first, with the log's
 * filters, events and recordings. Agents see the calls their own extension made (the server decides).
 */
export default function OutboundHistoryPopup() {
  const t = useT();
  const popup = usePopup();
  const userInfo = useUserInfo();
  const id = Number(popup?.params.id);
  const { data: member, error, isLoading } = useResourceRecord(memberContract, Number.isInteger(id) && id > 0 ? id : null);
  if (isLoading) return <LoadingState />;
  if (!member || error) return <StatePanel testId="member-not-found" icon="person" title={t('member.not_found')} />;
  return (
    <div data-testid="outbound-history-popup" style={{ padding: 16, display: 'grid', gap: 16 }}>
      <Card>
        <MemberCard member={member} testIdPrefix="outbound-history-member" layout="inline" />
      </Card>
      <Card>
        <H4>{t('member.outbound_history')}</H4>
        <ResourceListPanel
          view={callHistoryView}
          subject={userInfo}
         
          initialQuery={{ number: member.phone_number, direction: 'outbound' }}
        />
      </Card>
    </div>
  );
}
