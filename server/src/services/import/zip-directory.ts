/**
 * Reads a zip's central directory without inflating anything: the entry count and the sizes each entry
 * declares. Enough to refuse a zip bomb or a "workbook" of a million entries before the parser sees it.
 * ZIP64 is refused: a real workbook under the upload cap never needs it, and its 64-bit sizes are
 * exactly what a bomb would use.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export type ZipProblem = 'not_zip' | 'zip64' | 'too_many_entries';

export class ZipDirectoryError extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`zip: ${problem}`);
    this.name = 'ZipDirectoryError';
  }
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/** `PK\x03\x04`: every xlsx starts with a local file header (ASVS 5.2.2: the bytes, not the MIME type). */
export function hasZipMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - END_RECORD_SIZE;
  const first = Math.max(0, last - MAX_COMMENT);
  for (let at = last; at >= first; at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new ZipDirectoryError('not_zip');
}

export function readZipDirectory(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  if (!hasZipMagic(bytes) || bytes.length < END_RECORD_SIZE) throw new ZipDirectoryError('not_zip');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  if (end >= 20 && view.getUint32(end - 20, true) === ZIP64_LOCATOR) throw new ZipDirectoryError('zip64');
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw new ZipDirectoryError('zip64');
  if (count > maxEntries) throw new ZipDirectoryError('too_many_entries');
  if (offset + size > end) throw new ZipDirectoryError('not_zip');

  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL_HEADER) throw new ZipDirectoryError('not_zip');
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localHeaderOffset = view.getUint32(at + 42, true);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) throw new ZipDirectoryError('zip64');
    if (localHeaderOffset + 30 > bytes.length || view.getUint32(localHeaderOffset, true) !== LOCAL_HEADER) throw new ZipDirectoryError('not_zip');
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.push({ name, method: view.getUint16(at + 10, true), compressedSize, uncompressedSize, localHeaderOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of an entry, located through its local header (whose own sizes may be zero). */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) throw new ZipDirectoryError('not_zip');
  return bytes.subarray(start, start + entry.compressedSize);
}
