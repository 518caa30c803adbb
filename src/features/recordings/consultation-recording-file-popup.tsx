import { RecordingPopup } from './recording-popup';

/** Pop-up `consultation-recording-file` (query `unique_id`, `src` or `dst`): the whole call's recording. */
export default function ConsultationRecordingFilePopup() {
  return <RecordingPopup kind="call" />;
}
