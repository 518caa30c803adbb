import type { FastifyRequest } from 'fastify';
import { FieldValidationError } from '../../lib/errors';
import { multipartErrorCode, multipartReadError } from '../../lib/multipart-errors';

/** The file of a multipart request (field `file`, CONTRACT §3). */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

const uploads = new WeakMap<FastifyRequest, UploadedFile>();

/** The request's uploaded file, or null when none was sent (or it was empty). */
export const uploadedFileOf = (request: FastifyRequest): UploadedFile | null => uploads.get(request) ?? null;

/**
 * preValidation hook for routes that take JSON or multipart: a multipart request's text fields become
 * the body (so the route's zod schema checks them like JSON) and its one file, in field `file`, is kept
 * aside for the handler. The size limit stops reading at `maxFileBytes` instead of buffering it all. A
 * body the parser cannot read answers 400 (issue 15); NUL characters in the fields are refused by the
 * input guard's preHandler (plugins/input-guard.ts).
 */
export function multipartBody(maxFileBytes: number) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) return;
    const body: Record<string, string> = {};
    try {
      for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: 1 } })) {
        if (part.type === 'field') {
          body[part.fieldname] = String(part.value);
          continue;
        }
        const data = await part.toBuffer();
        if (part.fieldname !== 'file') throw new FieldValidationError({ [part.fieldname]: ['validation.upload_field'] });
        // A form with no file chosen still sends an empty part.
        if (data.length > 0) uploads.set(request, { filename: part.filename, data });
      }
    } catch (error) {
      if (multipartErrorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw new FieldValidationError({ file: ['validation.avatar_too_large'] });
      if (multipartErrorCode(error) === 'FST_FILES_LIMIT') throw new FieldValidationError({ file: ['validation.upload_one_file'] });
      throw multipartReadError(error);
    }
    request.body = body;
  };
}
