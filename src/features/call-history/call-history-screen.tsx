import { CALL_PATHS, type CallDirection } from '../../api/contracts/call.contract';
import { useUserInfo } from '../../app/guards/session-selectors';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { callHistoryView } from './call-history.resource';

/**
 * The call log (`cti/calls/history`): newest first, date range (Seoul days), direction, result and
 * extension filters, search by number or call id; the view dialog shows the call's events
 * (`cti/calls/show-call`), the row buttons open the recording pop-ups. Agents see the calls their own
 * extension took part in (the server decides). `direction` starts the list on inbound or outbound calls
 * (the call-statistics detail pages); the filter can still be changed.
 */
export default function CallHistoryScreen({ direction }: { direction?: CallDirection }) {
  const userInfo = useUserInfo();
  return <ResourceListPanel view={callHistoryView} subject={userInfo} listPath={CALL_PATHS.history} initialQuery={direction ? { direction } : {}} />;
}
