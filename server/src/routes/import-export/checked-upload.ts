import { webcrypto } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ImportTarget } from '../../services/import/import-targets';
import { uploadRefusal } from '../../services/import/upload-problems';
import { checkXlsxUpload, UploadRefused } from '../../services/import/xlsx-file-check';
import type { ZipEntry } from '../../services/import/zip-directory';
import { readUpload, type Upload } from './read-upload';

export interface CheckedUpload extends Upload {
  entries: ZipEntry[];
  /** SHA-256 of the bytes (hex): a resume takes the very file that was being imported. */
  sha256: string;
}

/**
 * The multipart upload of an import (or of its resume), checked before anything parses it
 * (xlsx-file-check.ts); a refusal answers the 422 under `file` in the entity's own words. The hash is
 * computed off the event loop (WebCrypto runs on libuv's thread pool).
 */
export async function readCheckedUpload(request: FastifyRequest, target: ImportTarget): Promise<CheckedUpload> {
  try {
    const upload = await readUpload(request);
    const entries = checkXlsxUpload(upload.fileName, upload.bytes);
    const digest = await webcrypto.subtle.digest('SHA-256', upload.bytes);
    return { ...upload, entries, sha256: Buffer.from(digest).toString('hex') };
  } catch (error) {
    throw error instanceof UploadRefused ? uploadRefusal(error.problem, target.entity) : error;
  }
}
