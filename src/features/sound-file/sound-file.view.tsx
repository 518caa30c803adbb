import type { EntityViewOverrides } from '../../ui/resource/entity-view';
import { formatDuration, SoundFilePlayer } from './sound-file-player';

/**
 * What sound files add to their derived view (docs/resources.md "File fields"): the length as `m:ss`
 * and a column to listen to each file in place (an inline audio player).
 */
export const soundFileView: EntityViewOverrides = {
  columns: {
    duration_ms: { render: (record) => formatDuration(record.duration_ms as number | null) },
    play: {
      key: 'play',
      labelId: 'sound-file.column.play',
      render: (record) => <SoundFilePlayer id={record.id as number} fileName={String(record.file_name ?? '')} />,
    },
  },
};
