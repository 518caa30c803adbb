import { Spinner } from '@blueprintjs/core';
import type { RecordingRequest } from '../../api/contracts/call-recording.contract';
import { useRecordingFiles, type RecordingKind } from '../../api/resources/call-api';
import { usePopup } from '../../shell/popups/popup-context';
import { PopupWindowHeading } from '../../shell/popups/popup-window-heading';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';
import { useT } from '../../i18n/use-t';
import { StatePanel } from '../../ui/feedback/state-panel';
import { RecordingPlayer } from './recording-player';

/** The pop-up's query (specification §2): `unique_id`, plus `src` (inbound) or `dst` (outbound). */
function requestOf(query: Readonly<Record<string, string>> | undefined): RecordingRequest | null {
  const uniqueId = query?.unique_id;
  if (!uniqueId) return null;
  return { unique_id: uniqueId, ...(query.src ? { src: query.src } : {}), ...(query.dst ? { dst: query.dst } : {}) };
}

/**
 * The two recording pop-ups: the call's recording (`show-recording-file`) or its one-touch recordings
 * (`show-one-touch-recording-file`), each with a player and a download. A call without one shows the
 * "There is no recording for this call.", whichever way the server could not match it.
 */
export function RecordingPopup({ kind }: { kind: RecordingKind }) {
  const t = useT();
  const request = requestOf(usePopup()?.query);
  const { data, error, isLoading } = useRecordingFiles(kind, request);
  if (!request) return <StatePanel testId="recording-missing" icon="disable" title={t('recording.missing_title')} description={t('recording.missing_call')} />;
  if (isLoading) return <StatePanel testId="recording-loading" icon={<Spinner size={24} />} description={t('recording.loading')} />;
  if (error || !data) {
    // Any call the server cannot match (unknown uniqueid, a src/dst of another call, a malformed id) has
    // no recording to play; only a failure of the server or the network says something else.
    const noSuchRecording = error?.status === 404 || error?.status === 422;
    return (
      <StatePanel
        testId="recording-missing"
        icon="disable"
        title={t('recording.missing_title')}
        description={noSuchRecording ? t('errors.recording_not_found') : error?.message}
      />
    );
  }
  // The window says whose call it is (QA: a bare player and a file name), as the dialog's title bar does.
  const number = request.src ?? request.dst;
  return (
    <div data-testid="recording-popup" style={{ padding: 16, display: 'grid', gap: 16 }}>
      <PopupWindowHeading
        titleId={kind === 'one-touch' ? 'popup.consultation-one-touch-recording-file' : 'popup.consultation-recording-file'}
        {...(number ? { subject: formatPhoneNumber(number) } : {})}
      />
      {data.map((file, index) => (
        <RecordingPlayer key={file.file_name} file={file} testId={`recording-${index}`} />
      ))}
    </div>
  );
}
