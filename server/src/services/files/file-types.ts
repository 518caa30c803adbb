import type { FileFact, FileType } from '../../../../src/api/entities/entity-fields';
import { readMp3 } from './mp3';

/**
 * A checker per file type a file field may accept (src/api/entities/entity-fields.ts FILE_TYPES): the
 * type is decided by the content alone, never by the name or the browser's MIME type, and the facts the
 * record carries (an MP3's duration) are read on the way.
 */
export interface InspectedFile {
  type: FileType;
  /** What the stream answers as Content-Type. */
  contentType: string;
  facts: Partial<Record<FileFact, number>>;
}

const CHECKERS: Record<FileType, (bytes: Uint8Array) => Omit<InspectedFile, 'type'> | null> = {
  mp3: (bytes) => {
    const mp3 = readMp3(bytes);
    return mp3 ? { contentType: 'audio/mpeg', facts: { duration_ms: mp3.durationMs } } : null;
  },
};

/** The first of `accept` the bytes are, with its facts; null when they are none of them. */
export function inspectFile(bytes: Uint8Array, accept: readonly FileType[]): InspectedFile | null {
  for (const type of accept) {
    const found = CHECKERS[type](bytes);
    if (found) return { type, ...found };
  }
  return null;
}
