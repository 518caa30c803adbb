import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { generatedWav } from './wav';

/**
 * Where a recording's bytes come from. The simulator has no audio, so its files are generated on the
 * fly; any other PBX writes real files, which are read from RECORDINGS_DIR (`<dir>/<company id>/<file>`
 * first, then `<dir>/<file>`, the layout of a single-tenant Asterisk's monitor folder).
 */

export type RecordingBody = { size: number; open: (range?: ByteRange) => Readable | Buffer };
export interface ByteRange {
  start: number;
  end: number;
}

/** Recording names as PBXs write them; anything else (slashes, `..`) never reaches the file system. */
const SAFE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.(wav|mp3|gsm)$/;

export const isSafeRecordingName = (file: string) => SAFE_FILE.test(file) && !file.includes('..');

export function contentTypeOf(file: string): string {
  if (file.endsWith('.mp3')) return 'audio/mpeg';
  if (file.endsWith('.gsm')) return 'audio/x-gsm';
  return 'audio/wav';
}

export function simulatedRecording(seconds: number): RecordingBody {
  const wav = generatedWav(seconds);
  return { size: wav.length, open: (range) => (range ? wav.subarray(range.start, range.end + 1) : wav) };
}

export async function storedRecording(dir: string | null, companyId: number, file: string): Promise<RecordingBody | null> {
  if (!dir || !isSafeRecordingName(file)) return null;
  for (const candidate of [path.join(dir, String(companyId), file), path.join(dir, file)]) {
    if (!candidate.startsWith(dir + path.sep)) continue;
    const info = await stat(candidate).catch(() => null);
    if (!info?.isFile()) continue;
    return { size: info.size, open: (range) => createReadStream(candidate, range ?? {}) };
  }
  return null;
}

/**
 * One `bytes=start-end` range (what audio elements send to seek); null for none or for one that does
 * not fit, which is then answered with the whole file. Multiple ranges are not supported.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || size === 0) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start <= end && start < size ? { start, end } : null;
}
