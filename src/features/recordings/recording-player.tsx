import { AnchorButton, Callout, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { RecordingFile } from '../../api/contracts/call-recording.contract';
import { useT } from '../../i18n/use-t';

/**
 * One file: the browser's own audio player (keyboard-accessible, seeks with byte ranges) and a
 * download. The URLs carry the recording token, since an audio element cannot send the session's
 * bearer header (CONTRACT §3).
 */
export function RecordingPlayer({ file, testId }: { file: RecordingFile; testId: string }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  return (
    <div data-testid={testId} style={{ display: 'grid', gap: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <audio
          controls
          preload="metadata"
          src={file.url}
          aria-label={t('recording.player_label', { file: file.file_name })}
          data-testid={`${testId}-audio`}
          onError={() => setFailed(true)}
          style={{ flex: 1, minWidth: 0 }}
        />
        <AnchorButton icon="download" href={file.download_url} data-testid={`${testId}-download`} text={t('recording.download')} />
      </div>
      <small data-testid={`${testId}-name`}>{file.file_name}</small>
      {failed && (
        <Callout intent={Intent.WARNING} data-testid={`${testId}-failed`}>
          {t('recording.play_failed')}
        </Callout>
      )}
    </div>
  );
}
