import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CompanyScope } from '../../db/company-scope';
import { entityFiles } from '../../db/schema';

/**
 * The stored files of file fields (docs/resources.md "File fields"; table `entity_files`), always within
 * the caller's company. Written and removed inside the record's own write transaction (the scope is the
 * transaction's), so a record never points at a file that is not there, nor a file outlives its record.
 */

export interface StoredFileInfo {
  contentType: string;
  size: number;
  sha256: string;
}

const ofRecord = (entity: string, recordId: number, field?: string) =>
  and(eq(entityFiles.entity, entity), eq(entityFiles.recordId, recordId), field === undefined ? undefined : eq(entityFiles.field, field));

/** Stores (or replaces) the file of one record's field. */
export async function saveEntityFile(scope: CompanyScope, file: { entity: string; recordId: number; field: string; contentType: string; bytes: Uint8Array }): Promise<void> {
  const { entity, recordId, field, contentType, bytes } = file;
  await scope.delete(entityFiles, ofRecord(entity, recordId, field));
  await scope.insert(entityFiles, {
    entity,
    recordId,
    field,
    contentType,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    data: bytes,
  });
}

/** Removes every file of one record (its delete's cascade). */
export async function removeEntityFiles(scope: CompanyScope, entity: string, recordId: number): Promise<void> {
  await scope.delete(entityFiles, ofRecord(entity, recordId));
}

/** Type, size and digest of a stored file, without its bytes; null when there is none. */
export async function entityFileInfo(scope: CompanyScope, entity: string, recordId: number, field: string): Promise<StoredFileInfo | null> {
  const [row] = await scope.db
    .select({ contentType: entityFiles.contentType, size: entityFiles.size, sha256: entityFiles.sha256 })
    .from(entityFiles)
    .where(scope.where(entityFiles, ofRecord(entity, recordId, field)))
    .limit(1);
  return row ?? null;
}

/**
 * Bytes `start` to `end` (inclusive) of a stored file; PostgreSQL reads only the chunks of the stored
 * value that hold them (the column is stored uncompressed, out of line).
 */
export async function readEntityFile(scope: CompanyScope, entity: string, recordId: number, field: string, start: number, end: number): Promise<Buffer | null> {
  const [row] = await scope.db
    .select({ part: sql<Uint8Array>`substring(${entityFiles.data} from ${start + 1}::int for ${end - start + 1}::int)` })
    .from(entityFiles)
    .where(scope.where(entityFiles, ofRecord(entity, recordId, field)))
    .limit(1);
  if (!row) return null;
  const part = row.part;
  return Buffer.isBuffer(part) ? part : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
}
