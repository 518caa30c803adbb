import { buildPopupUrl, openPopup } from '../../shell/popups/open-popup';
import { getPopupSpec, type PopupId } from '../../shell/popups/popup-table';
import type { ParamValue } from '../../shell/popups/popup-types';
import { listLink } from '../../ui/resource/url-list-filters';

/** A number that opens a report pop-up on exactly its query: the address (for a new tab) and the way to open it. */
export interface PopupLink {
  href: string;
  open: () => void;
}

function popupLink(id: PopupId, params: Record<string, ParamValue>): PopupLink {
  const spec = getPopupSpec(id);
  if (!spec) throw new Error(`dashboard: unknown pop-up "${id}"`);
  // openPopup's parameter types are per pop-up; the two used here take what this module passes.
  const open = openPopup as (popup: PopupId, given: Record<string, ParamValue>) => unknown;
  return { href: buildPopupUrl(spec, params).url, open: () => void open(id, params) };
}

/**
 * Where the dashboard's numbers lead (docs/queues.md "Dashboard"): the call log lists and the callback
 * list read their starting filters from the address; the statistics open their report pop-ups on
 * today (the pages start on the last seven days, the pop-ups on their query).
 */
export const DASHBOARD_LINKS = {
  callDetails: (direction: 'inbound' | 'outbound', filters: Record<string, string>) => listLink(`/call-statistics/${direction}-details`, filters),
  myCallbacks: listLink('/consultations/callbacks', { status: 'active', assignment: 'mine' }),
  myDay: (day: string, extension: string) => popupLink('view-extension-status-data-analysis', { extension, date: day }),
  inboundToday: (day: string, bucket: 'day' | '1h', queue?: string) =>
    popupLink('inbound-statistics', { from: day, to: day, bucket, ...(queue ? { queue } : {}) }),
  queues: '/queues',
} as const;
