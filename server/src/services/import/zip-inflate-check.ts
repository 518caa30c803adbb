import { inflateRawSync } from 'node:zlib';
import { IMPORT_LIMITS } from './import-limits';
import { UploadRefused } from './xlsx-file-check';
import { entryData, type ZipEntry } from './zip-directory';

/**
 * A zip's declared sizes are only claims: a bomb declares 1 KB and inflates to gigabytes. Before
 * SheetJS (which trusts them) reads the file, every entry is inflated once with an output cap equal to
 * its declared size, so a lie fails here with a bounded amount of memory. Runs in the worker; costs a
 * fraction of the parse (inflating is much cheaper than parsing XML).
 */
export function verifyInflatedSizes(bytes: Uint8Array, entries: readonly ZipEntry[]): void {
  let total = 0;
  for (const entry of entries) {
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw new UploadRefused('not_xlsx');
      total += entry.uncompressedSize;
      continue;
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
    total += inflated.length;
    if (total > IMPORT_LIMITS.maxUncompressedBytes) throw new UploadRefused('too_large_uncompressed');
  }
}
