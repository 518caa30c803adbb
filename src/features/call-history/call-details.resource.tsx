import type { Call } from '../../api/contracts/call.contract';
import { CUSTOM_TABLE_COLUMNS, CUSTOM_TABLE_HIDDEN_BY_DEFAULT } from '../../api/contracts/custom-table.contract';
import type { ResourceColumn } from '../../ui/resource/resource-view';
import { defineResourceView } from '../../ui/resource/resource-view';
import { CALL_FILTERS, ConsultationCell, DATE_FILTERS, Disposition, ExtensionCell, RecordingCell, party, stamp } from './call-cells';
import { callHistoryView } from './call-history.resource';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';
import { formatSeconds } from './call-labels';

type DetailsTable = 'inbound-details' | 'outbound-details';
type DetailsColumnKey = (typeof CUSTOM_TABLE_COLUMNS)[DetailsTable][number];

/**
 * Every column of the two call-statistics detail lists, under the custom table catalogue's keys and
 * labels: the company's settings (/configuration/custom-tables/inbound-details, outbound-details)
 * choose which of them show and in what order.
 */
const DETAILS_COLUMNS: Record<DetailsColumnKey, Omit<ResourceColumn<Call>, 'key'>> = {
  call_date: { labelId: 'custom_table.column.call_date', sortField: 'started_at', render: (c) => stamp(c.started_at) },
  caller_number: { labelId: 'custom_table.column.caller_number', render: (c) => party(c.caller_number) },
  dialed_number: { labelId: 'custom_table.column.dialed_number', render: (c) => party(c.callee_number) },
  // The number the call showed the far side (docs/telephony.md "Caller ID"); – for the extension's default.
  caller_id: { labelId: 'custom_table.column.caller_id', render: (c) => (c.caller_id ? formatPhoneNumber(c.caller_id) : '–') },
  member_name: { labelId: 'custom_table.column.member_name', render: (c) => c.member_name ?? '–' },
  queue: { labelId: 'custom_table.column.queue', render: (c) => c.queue ?? '–' },
  extension: { labelId: 'custom_table.column.extension', render: (c) => <ExtensionCell call={c} /> },
  agent_name: { labelId: 'custom_table.column.agent_name', render: (c) => c.agent_name ?? '–' },
  wait_duration: { labelId: 'custom_table.column.wait_duration', render: (c) => formatSeconds(c.wait_duration) },
  talk_duration: { labelId: 'custom_table.column.talk_duration', sortField: 'talk_time', render: (c) => formatSeconds(c.talk_time) },
  status: { labelId: 'custom_table.column.status', render: (c) => <Disposition call={c} /> },
  recording: { labelId: 'custom_table.column.recording', render: (c) => <RecordingCell call={c} /> },
  consultation: { labelId: 'custom_table.column.consultation', render: (c) => <ConsultationCell call={c} /> },
};

/** A detail list: the call log's data and dialogs, one direction, the custom table's columns. */
function detailsView(table: DetailsTable) {
  const hidden: readonly string[] = CUSTOM_TABLE_HIDDEN_BY_DEFAULT[table];
  return defineResourceView({
    ...callHistoryView,
    customTable: table,
    columns: CUSTOM_TABLE_COLUMNS[table].map((key) => ({ key, ...DETAILS_COLUMNS[key], defaultHidden: hidden.includes(key) })),
    // The page is one direction; the rest of the call log's filters apply.
    filters: [...DATE_FILTERS, ...CALL_FILTERS],
  });
}

export const inboundDetailsView = detailsView('inbound-details');
export const outboundDetailsView = detailsView('outbound-details');
