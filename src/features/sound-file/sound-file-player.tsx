import { Button, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { filePurpose } from '../../api/contracts/download.contract';
import { soundFileEntity } from '../../api/contracts/sound-file.contract';
import { downloadUrl } from '../../api/import-export-api';
import { resourcePaths } from '../../api/resources/resource-contract';
import { useT } from '../../i18n/use-t';

const PLAY_ROUTE = 'play';

/** `m:ss` (`1:05:09` past an hour) of a duration in milliseconds; a dash when unknown. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–';
  const total = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * A sound file's play button, then the browser's own audio player in its place (keyboard-accessible,
 * seeks with byte ranges). The stream (`GET sound-file/{id}/play`) is authorised by a download token of
 * purpose `sound-file/play` bound to this file, fetched on the click (an <audio> element cannot send the
 * bearer header; docs/resources.md "File fields"). The token lives 10 minutes; a player that fails
 * (an expired token after a long pause) offers to load again.
 */
export function SoundFilePlayer({ id, fileName }: { id: number; fileName: string }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const testId = `sound-file-player-${id}`;

  const load = async () => {
    setState('loading');
    try {
      const contract = soundFileEntity.contract;
      setUrl(await downloadUrl(filePurpose(contract, PLAY_ROUTE), resourcePaths(contract).file(id, PLAY_ROUTE), {}, { id }));
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  if (!url || state === 'failed') {
    return (
      <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }} data-testid={testId}>
        <Button
          size="small"
          icon="play"
          loading={state === 'loading'}
          onClick={() => void load()}
          aria-label={t('sound-file.play_named', { name: fileName })}
          data-testid={`${testId}-play`}
          text={t('sound-file.play')}
        />
        {state === 'failed' && (
          <Tag minimal intent={Intent.WARNING} data-testid={`${testId}-failed`}>
            {t('sound-file.play_failed')}
          </Tag>
        )}
      </span>
    );
  }
  return (
    <audio
      controls
      autoPlay
      preload="auto"
      src={url}
      aria-label={t('sound-file.player_label', { name: fileName })}
      data-testid={`${testId}-audio`}
      onError={() => setState('failed')}
      style={{ height: 32, maxWidth: 260 }}
    />
  );
}
