import { inflateRawSync } from 'node:zlib';
import { IMPORT_LIMITS } from './import-limits';
import { UploadRefused } from './xlsx-file-check';
import { entryData, type ZipEntry } from './zip-directory';

/**
 * One entry's uncompressed bytes, inflated with an output cap of its declared size: a zip's declared
 * sizes are only claims (a bomb declares 1 KB and inflates to gigabytes), so a lie fails here with a
 * bounded amount of memory.
 */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) throw new UploadRefused('not_xlsx');
    return entryData(bytes, entry);
  }
  let inflated: Buffer;
  try {
    // One byte of slack: an entry that inflates to more than it declared throws instead of truncating.
    inflated = inflateRawSync(entryData(bytes, entry), { maxOutputLength: Math.max(1, entry.uncompressedSize + 1) });
  } catch (error) {
    const tooBig = error instanceof RangeError || (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
    throw new UploadRefused(tooBig ? 'too_large_uncompressed' : 'not_xlsx');
  }
  if (inflated.length !== entry.uncompressedSize) throw new UploadRefused(inflated.length > entry.uncompressedSize ? 'too_large_uncompressed' : 'not_xlsx');
  return inflated;
}

/**
 * Every entry of an upload is inflated once through `inflateEntry`, so none lies about its size (and a
 * part that does is named as the reason a file cannot be read). Runs in the worker; costs a fraction of
 * the parse (inflating is much cheaper than parsing XML). `except` names entries already inflated through `inflateEntry` (the streaming reader's
 * parts): their declared sizes are proven, so they count towards the total without a second inflate.
 */
export function verifyInflatedSizes(bytes: Uint8Array, entries: readonly ZipEntry[], options: { except?: ReadonlySet<string> } = {}): void {
  let total = 0;
  for (const entry of entries) {
    total += options.except?.has(entry.name) ? entry.uncompressedSize : inflateEntry(bytes, entry).length;
    if (total > IMPORT_LIMITS.maxUncompressedBytes) throw new UploadRefused('too_large_uncompressed');
  }
}
