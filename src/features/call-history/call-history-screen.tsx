import { useState } from 'react';
import type { CallDirection } from '../../api/contracts/call.contract';
import { useUserInfo } from '../../shell/session/session-selectors';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { urlListFilters } from '../../ui/resource/url-list-filters';
import { inboundDetailsView, outboundDetailsView } from './call-details.resource';
import { callHistoryView } from './call-history.resource';

/** The filters a link may open the log with. */
const URL_FILTERS = ['date_from', 'date_to', 'extension', 'disposition'] as const;
const DETAILS_VIEWS = { inbound: inboundDetailsView, outbound: outboundDetailsView } as const;

/**
 * The call log (`cti/calls/history`): newest first, date range (Seoul days), direction, result and
 * extension filters, search by number or call id; the view dialog shows the call's events
 * (`cti/calls/show-call`), the row buttons open the recording pop-ups. Agents see the calls their own
 * extension took part in (the server decides). With `direction` it is a call-statistics detail page:
 * that direction only, with the columns the company chose for it (custom tables). Filters in the address
 * (a dashboard number's link: today, an extension, a result) are where the list starts.
 */
export default function CallHistoryScreen({ direction }: { direction?: Exclude<CallDirection, 'internal'> }) {
  const userInfo = useUserInfo();
  const view = direction ? DETAILS_VIEWS[direction] : callHistoryView;
  const [initialQuery] = useState(() => ({ ...urlListFilters(URL_FILTERS), ...(direction ? { direction } : {}) }));
  return <ResourceListPanel view={view} subject={userInfo} initialQuery={initialQuery} />;
}
