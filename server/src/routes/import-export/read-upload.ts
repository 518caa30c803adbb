import type { FastifyRequest } from 'fastify';
import { fieldError } from '../../lib/errors';
import { multipartReadError } from '../../lib/multipart-errors';
import { rejectNulCharacters } from '../../lib/nul-characters';
import { IMPORT_LIMITS } from '../../services/import/import-limits';
import { UploadRefused } from '../../services/import/xlsx-file-check';

export interface Upload {
  fileName: string;
  bytes: Uint8Array;
  /** The other form fields, as text. */
  fields: Record<string, string>;
}

/**
 * Reads a multipart upload with the file in field `file` (CONTRACT §3) and any text fields, in whatever
 * order they come. A file over the limit stops reading at the limit (never buffered whole) and answers
 * the "too large" 422; no file at all answers "choose a file"; a body the parser cannot read answers 400,
 * and a NUL character in a field or the file name 422 (issue 15: they reach the database).
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw fieldError('file', 'validation.import_file_required');
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Uint8Array } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.maxFileBytes, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = { fileName: part.filename ?? '', bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadRefused('too_large');
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw fieldError('file', 'validation.import_file_required');
    throw multipartReadError(error);
  }
  if (!file || file.bytes.length === 0) throw fieldError('file', 'validation.import_file_required');
  rejectNulCharacters(fields);
  if (file.fileName.includes('\u0000')) throw fieldError('file', 'validation.nul_character');
  return { ...file, fields };
}
