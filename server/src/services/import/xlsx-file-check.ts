import { IMPORT_LIMITS } from './import-limits';
import { readZipDirectory, ZipDirectoryError, type ZipEntry } from './zip-directory';

/**
 * Why an upload is refused before parsing. Each becomes a 422 on `file` with its own message
 * (import-errors.ts); `not_xlsx` is the specification's "Member import accepts only .xlsx".
 */
export type UploadProblem = 'not_xlsx' | 'too_large' | 'too_many_entries' | 'too_large_uncompressed' | 'too_many_rows' | 'no_rows' | 'unreadable';

export class UploadRefused extends Error {
  constructor(readonly problem: UploadProblem) {
    super(`upload refused: ${problem}`);
    this.name = 'UploadRefused';
  }
}

/** Parts every xlsx has (ECMA-376); a .docx or a plain .zip renamed to .xlsx lacks the workbook. */
const REQUIRED_PARTS = ['[Content_Types].xml', 'xl/workbook.xml'];
const STORED = 0;
const DEFLATED = 8;

/**
 * Cheap checks on the raw bytes, on the request thread, before a worker is started: the name ends in
 * .xlsx, the bytes are a zip (magic number, not the client's MIME type), the central directory has few
 * enough entries, each stored or deflated, whose declared sizes add up under the cap, and the workbook
 * parts exist. The worker then verifies the declared sizes while inflating (zip-inflate-check.ts).
 */
export function checkXlsxUpload(fileName: string, bytes: Uint8Array): ZipEntry[] {
  if (!/\.xlsx$/i.test(fileName.trim())) throw new UploadRefused('not_xlsx');
  if (bytes.length > IMPORT_LIMITS.maxFileBytes) throw new UploadRefused('too_large');
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(bytes, IMPORT_LIMITS.maxZipEntries);
  } catch (error) {
    if (error instanceof ZipDirectoryError) throw new UploadRefused(error.problem === 'too_many_entries' ? 'too_many_entries' : 'not_xlsx');
    throw error;
  }
  let total = 0;
  for (const entry of entries) {
    if (entry.method !== STORED && entry.method !== DEFLATED) throw new UploadRefused('not_xlsx');
    total += entry.uncompressedSize;
  }
  if (total > IMPORT_LIMITS.maxUncompressedBytes) throw new UploadRefused('too_large_uncompressed');
  const names = new Set(entries.map((entry) => entry.name));
  if (!REQUIRED_PARTS.every((part) => names.has(part))) throw new UploadRefused('not_xlsx');
  return entries;
}
