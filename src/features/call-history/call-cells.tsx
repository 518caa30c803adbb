import { Button, Tag } from '@blueprintjs/core';
import { CALL_DIRECTIONS, CALL_DISPOSITIONS, type Call } from '../../api/contracts/call.contract';
import { useCallExtensions } from '../../api/resources/call-api';
import { openConsultation } from '../../shell/popups/open-consultation';
import { openPopup } from '../../shell/popups/open-popup';
import { formatDateTime } from '../../i18n/dates';
import { useT } from '../../i18n/use-t';
import type { ResourceFilter, ResourceOption, RowAction } from '../../ui/resource/resource-view';
import { PhoneNumberLink } from '../../ui/telephony/phone-number-link';
import { DIRECTION_LABELS, DISPOSITION_INTENTS, DISPOSITION_LABELS } from './call-labels';

/** What the call log and the call-statistics detail lists share: cells, row buttons and filters. */

const DIRECTION_OPTIONS: ResourceOption[] = CALL_DIRECTIONS.map((value) => ({ value, labelId: DIRECTION_LABELS[value] }));
const DISPOSITION_OPTIONS: ResourceOption[] = CALL_DISPOSITIONS.map((value) => ({ value, labelId: DISPOSITION_LABELS[value] }));
const useExtensionOptions = (): ResourceOption[] =>
  (useCallExtensions().data ?? []).map(({ extension, name }) => ({ value: extension, label: `${extension} ${name}` }));

export const DATE_FILTERS: readonly ResourceFilter[] = [
  { kind: 'date', name: 'date_from', labelId: 'call.date_from' },
  { kind: 'date', name: 'date_to', labelId: 'call.date_to', notBefore: 'date_from' },
];
export const DIRECTION_FILTER: ResourceFilter = { name: 'direction', labelId: 'call.field.direction', useOptions: () => DIRECTION_OPTIONS };
export const CALL_FILTERS: readonly ResourceFilter[] = [
  { name: 'disposition', labelId: 'call.field.disposition', useOptions: () => DISPOSITION_OPTIONS },
  { name: 'extension', labelId: 'call.field.extension', useOptions: useExtensionOptions },
];

export const stamp = (value: string | null) => (value ? formatDateTime(value) : '–');

export function Disposition({ call }: { call: Call }) {
  const t = useT();
  if (!call.disposition) return <Tag minimal data-testid={`call-disposition-${call.id}`}>{t('call.disposition.in_progress')}</Tag>;
  return (
    <Tag minimal intent={DISPOSITION_INTENTS[call.disposition]} data-testid={`call-disposition-${call.id}`}>
      {t(DISPOSITION_LABELS[call.disposition])}
    </Tag>
  );
}

/**
 * Who took the call; for a call nobody here answered (missed, abandoned in a queue), the extensions it
 * rang, so a missed call still says where it went (QA: inbound details showed nothing).
 */
export function ExtensionCell({ call }: { call: Call }) {
  const t = useT();
  if (call.extension) return <>{call.extension}</>;
  if (call.extensions.length === 0) return <>–</>;
  return <span data-testid={`call-rang-${call.id}`}>{t('call.extensions_rang', { extensions: call.extensions.join(', ') })}</span>;
}

export function Direction({ call }: { call: Call }) {
  const t = useT();
  return <>{t(DIRECTION_LABELS[call.direction])}</>;
}

/** An outside number is click-to-call; an extension or queue is shown as it is. */
export const party = (number: string) => (number.length > 6 ? <PhoneNumberLink number={number} /> : number);

/**
 * The recording pop-ups' query (specification §2): `unique_id`, plus `src` (the caller) for inbound
 * calls or `dst` (the number dialled) for outbound ones.
 */
function recordingQuery(call: Call) {
  return call.direction === 'outbound' ? { unique_id: call.uniqueid, dst: call.callee_number } : { unique_id: call.uniqueid, src: call.caller_number };
}

const openRecording = (call: Call) => void openPopup('consultation-recording-file', recordingQuery(call));
const openOneTouch = (call: Call) => void openPopup('consultation-one-touch-recording-file', recordingQuery(call));

export function callRowActions(call: Call): RowAction<Call>[] {
  return [
    ...(call.recording_file ? [{ key: 'play-recording', labelId: 'call.play_recording', icon: 'play', onClick: openRecording } as const] : []),
    ...(call.one_touch_files.length > 0 ? [{ key: 'play-one-touch', labelId: 'call.play_one_touch', icon: 'record', onClick: openOneTouch } as const] : []),
  ];
}

/** The recording column of the detail lists: play the call's recording, if it has one. */
export function RecordingCell({ call }: { call: Call }) {
  const t = useT();
  if (!call.recording_file) return <>–</>;
  return <Button small minimal icon="play" aria-label={t('call.play_recording')} title={t('call.play_recording')} data-testid={`call-recording-${call.id}`} onClick={() => openRecording(call)} />;
}

/** The consultation column: open the consultation written for the call, if there is one. */
export function ConsultationCell({ call }: { call: Call }) {
  const t = useT();
  const { consultation } = call;
  if (!consultation) return <>–</>;
  return (
    <Button
      small
      minimal
      icon="document-open"
      text={t('call.view_consultation')}
      data-testid={`call-consultation-${call.id}`}
      onClick={() => openConsultation(consultation)}
    />
  );
}
