import { listLink } from '../../ui/resource/url-list-filters';

/**
 * Where the dashboard's numbers lead (docs/queues.md "Dashboard"). The call log lists and the callback
 * list take their filters from the address; the statistics reports are linked as they are (they do not
 * read filters from the address yet).
 */
export const DASHBOARD_LINKS = {
  callDetails: (direction: 'inbound' | 'outbound', filters: Record<string, string>) => listLink(`/call-statistics/${direction}-details`, filters),
  myCallbacks: listLink('/consultations/callbacks', { status: 'active', assignment: 'mine' }),
  extensionAnalysis: '/call-statistics/extension-status-data-analysis',
  inboundStatistics: '/call-statistics/inbound-statistics',
  queues: '/queues',
} as const;
