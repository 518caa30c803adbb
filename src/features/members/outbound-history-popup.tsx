import { Card, H4 } from '@blueprintjs/core';
import { memberContract } from '../../api/contracts/member.contract';
import { useResourceRecord } from '../../api/resources/use-resource';
import { usePopup } from '../../app/popups/popup-context';
import { LoadingState } from '../../ui/feedback/loading-state';
import { StatePanel } from '../../ui/feedback/state-panel';
import { ResourceDetails } from '../../ui/resource/resource-detail-dialog';
import { useT } from '../../i18n/use-t';
import { memberView } from './members.resource';

/**
 * Pop-up `member/outbound/history/{id}`: who the member is, then their outbound calls. The calls come
 * with the call records (issue 4 item 6); until then the history says where it will appear.
 */
export default function OutboundHistoryPopup() {
  const t = useT();
  const popup = usePopup();
  const id = Number(popup?.params.id);
  const { data: member, error, isLoading } = useResourceRecord(memberContract, Number.isInteger(id) && id > 0 ? id : null);
  if (isLoading) return <LoadingState />;
  if (!member || error) return <StatePanel testId="member-not-found" icon="person" title={t('member.not_found')} />;
  return (
    <div data-testid="outbound-history-popup" style={{ padding: 16, display: 'grid', gap: 16 }}>
      <Card>
        <ResourceDetails view={memberView} record={member} />
      </Card>
      <Card>
        <H4>{t('member.outbound_history')}</H4>
        <StatePanel testId="outbound-history-empty" icon="history" description={t('member.history_empty')} />
      </Card>
    </div>
  );
}
