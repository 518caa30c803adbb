import { callContract } from '../../api/contracts/call.contract';
import { defineResourceView } from '../../ui/resource/resource-view';
import { CALL_FILTERS, DATE_FILTERS, DIRECTION_FILTER, Direction, Disposition, ExtensionCell, callRowActions, party, stamp } from './call-cells';
import { CallEvents } from './call-events';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';
import { formatSeconds } from './call-labels';

/**
 * The call log (`cti/calls/history`): read-only, so no form fields. The view dialog is `show-call`
 * (the call's events under its fields); recordings open the recording pop-ups.
 */
export const callHistoryView = defineResourceView({
  contract: callContract,
  nounId: 'call.noun',
  searchPlaceholderId: 'call.search_placeholder',
  columns: [
    { key: 'started_at', labelId: 'call.field.started_at', sortField: 'started_at', render: (c) => stamp(c.started_at) },
    { key: 'direction', labelId: 'call.field.direction', render: (c) => <Direction call={c} /> },
    { key: 'caller_number', labelId: 'call.field.caller_number', render: (c) => party(c.caller_number) },
    { key: 'callee_number', labelId: 'call.field.callee_number', render: (c) => party(c.callee_number) },
    // The number an outbound call showed the far side (docs/telephony.md "Caller ID").
    { key: 'caller_id', labelId: 'call.field.caller_id', render: (c) => (c.caller_id ? formatPhoneNumber(c.caller_id) : '–') },
    { key: 'extension', labelId: 'call.field.extension', render: (c) => <ExtensionCell call={c} /> },
    { key: 'queue', labelId: 'call.field.queue', defaultHidden: true },
    { key: 'disposition', labelId: 'call.field.disposition', render: (c) => <Disposition call={c} /> },
    { key: 'duration', labelId: 'call.field.duration', sortField: 'duration', render: (c) => formatSeconds(c.duration) },
    { key: 'talk_time', labelId: 'call.field.talk_time', sortField: 'talk_time', render: (c) => formatSeconds(c.talk_time) },
    { key: 'uniqueid', labelId: 'call.field.uniqueid', defaultHidden: true },
    { key: 'ringing_at', labelId: 'call.field.ringing_at', defaultHidden: true, render: (c) => stamp(c.ringing_at) },
    { key: 'answered_at', labelId: 'call.field.answered_at', defaultHidden: true, render: (c) => stamp(c.answered_at) },
    { key: 'ended_at', labelId: 'call.field.ended_at', defaultHidden: true, render: (c) => stamp(c.ended_at) },
    { key: 'recording_file', labelId: 'call.field.recording_file', defaultHidden: true },
    { key: 'one_touch_files', labelId: 'call.field.one_touch_files', defaultHidden: true },
  ],
  fields: [],
  filters: [...DATE_FILTERS, DIRECTION_FILTER, ...CALL_FILTERS],
  emptyValues: () => ({}),
  toFormValues: () => ({}),
  describe: (c) => c.uniqueid,
  slots: { rowActions: callRowActions, detail: (call) => <CallEvents uniqueid={call.uniqueid} /> },
});
