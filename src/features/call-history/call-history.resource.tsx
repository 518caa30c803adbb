import { Tag } from '@blueprintjs/core';
import { CALL_DIRECTIONS, CALL_DISPOSITIONS, callContract, type Call } from '../../api/contracts/call.contract';
import { useCallExtensions } from '../../api/resources/call-api';
import { formatDate, formatTime } from '../../i18n/dates';
import { useT } from '../../i18n/use-t';
import { defineResourceView, type ResourceOption, type RowAction } from '../../ui/resource/resource-view';
import { PhoneNumberLink } from '../../ui/telephony/phone-number-link';
import { openPopup } from '../../app/popups/open-popup';
import { CallEvents } from './call-events';
import { DIRECTION_LABELS, DISPOSITION_INTENTS, DISPOSITION_LABELS, formatSeconds } from './call-labels';

const DIRECTION_OPTIONS: ResourceOption[] = CALL_DIRECTIONS.map((value) => ({ value, labelId: DIRECTION_LABELS[value] }));
const DISPOSITION_OPTIONS: ResourceOption[] = CALL_DISPOSITIONS.map((value) => ({ value, labelId: DISPOSITION_LABELS[value] }));
const useExtensionOptions = (): ResourceOption[] =>
  (useCallExtensions().data ?? []).map(({ extension, name }) => ({ value: extension, label: `${extension} ${name}` }));

const stamp = (value: string | null) => (value ? `${formatDate(value)} ${formatTime(value)}` : '–');

function Disposition({ call }: { call: Call }) {
  const t = useT();
  if (!call.disposition) return <Tag minimal data-testid={`call-disposition-${call.id}`}>{t('call.disposition.in_progress')}</Tag>;
  return (
    <Tag minimal intent={DISPOSITION_INTENTS[call.disposition]} data-testid={`call-disposition-${call.id}`}>
      {t(DISPOSITION_LABELS[call.disposition])}
    </Tag>
  );
}

function Direction({ call }: { call: Call }) {
  const t = useT();
  return <>{t(DIRECTION_LABELS[call.direction])}</>;
}

/** An outside number is click-to-call; an extension or queue is shown as it is. */
const party = (number: string) => (number.length > 6 ? <PhoneNumberLink number={number} /> : number);

/**
 * The recording pop-ups' query (specification §2): `unique_id`, plus `src` (the caller) for inbound
 * calls or `dst` (the number dialled) for outbound ones.
 */
export function recordingQuery(call: Call) {
  return call.direction === 'outbound' ? { unique_id: call.uniqueid, dst: call.callee_number } : { unique_id: call.uniqueid, src: call.caller_number };
}

const openRecording = (call: Call) => void openPopup('consultation-recording-file', recordingQuery(call));
const openOneTouch = (call: Call) => void openPopup('consultation-one-touch-recording-file', recordingQuery(call));

function rowActions(call: Call): RowAction<Call>[] {
  return [
    ...(call.recording_file ? [{ key: 'play-recording', labelId: 'call.play_recording', icon: 'play', onClick: openRecording } as const] : []),
    ...(call.one_touch_files.length > 0 ? [{ key: 'play-one-touch', labelId: 'call.play_one_touch', icon: 'record', onClick: openOneTouch } as const] : []),
  ];
}

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
    { key: 'extension', labelId: 'call.field.extension' },
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
  filters: [
    { kind: 'date', name: 'date_from', labelId: 'call.date_from' },
    { kind: 'date', name: 'date_to', labelId: 'call.date_to' },
    { name: 'direction', labelId: 'call.field.direction', useOptions: () => DIRECTION_OPTIONS },
    { name: 'disposition', labelId: 'call.field.disposition', useOptions: () => DISPOSITION_OPTIONS },
    { name: 'extension', labelId: 'call.field.extension', useOptions: useExtensionOptions },
  ],
  emptyValues: () => ({}),
  toFormValues: () => ({}),
  describe: (c) => c.uniqueid,
  slots: { rowActions, detail: (call) => <CallEvents uniqueid={call.uniqueid} /> },
});
