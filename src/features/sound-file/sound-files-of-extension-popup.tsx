import { soundFileEntity } from '../../api/contracts/sound-file.contract';
import { usePopup } from '../../shell/popups/popup-context';
import { useUserInfo } from '../../shell/session/session-selectors';
import { viewOf } from '../../ui/resource/entity-view';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { soundFileView } from './sound-file.view';

const view = viewOf(soundFileEntity, soundFileView);

/**
 * The pop-up `sound-files/{extension}` (open-sound-files, window-only, specification §2): the sound files
 * of one extension (the list filtered by `extension`), listened to in place and added with the extension
 * filled in, as on /upload-sound-file.
 */
export default function SoundFilesOfExtensionPopup() {
  const extension = usePopup()?.params.extension ?? '';
  const subject = useUserInfo();
  return (
    <div style={{ padding: 16 }} data-testid="sound-files-of-extension">
      <ResourceListPanel view={view} subject={subject} initialQuery={{ extension }} addValues={{ extension }} />
    </div>
  );
}
