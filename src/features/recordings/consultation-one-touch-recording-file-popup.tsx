import { RecordingPopup } from './recording-popup';

/** Pop-up `consultation-one-touch-recording-file` (query `unique_id`, `src` or `dst`): its one-touch recordings. */
export default function ConsultationOneTouchRecordingFilePopup() {
  return <RecordingPopup kind="one-touch" />;
}
