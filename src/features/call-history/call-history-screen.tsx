import { useState } from 'react';
import { CALL_PATHS } from '../../api/contracts/call.contract';
import { useUserInfo } from '../../app/guards/session-selectors';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { CallDateRange, type DayRange } from './call-date-range';
import { callHistoryView } from './call-history.resource';

/**
 * The call log (`cti/calls/history`): newest first, date range (Seoul days), direction, result and
 * extension filters, search by number or call id; the view dialog shows the call's events
 * (`cti/calls/show-call`), the row buttons open the recording pop-ups. Agents see the calls their own
 * extension took part in (the server decides).
 */
export default function CallHistoryScreen() {
  const userInfo = useUserInfo();
  const [range, setRange] = useState<DayRange>({});
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <CallDateRange value={range} onChange={setRange} />
      {/* A new range is a new list (from page 1); keyed so the panel starts over with it. */}
      <ResourceListPanel key={`${range.date_from ?? ''}/${range.date_to ?? ''}`} view={callHistoryView} subject={userInfo} listPath={CALL_PATHS.history} initialQuery={range} />
    </div>
  );
}
