import type { FastifyRequest } from 'fastify';
import type { FileRule } from '../../../src/api/entities/entity-fields';
import { FieldValidationError } from '../lib/errors';
import type { MessageId } from '../lib/i18n';
import { multipartErrorCode, multipartReadError } from '../lib/multipart-errors';

/**
 * The multipart half of file fields (docs/resources.md "File fields"): store and update of a resource
 * with `files` read their multipart body here, before validation. Text parts become the body, so the
 * contract's zod schema checks them like JSON; each file part, named as its file field (CONTRACT §3:
 * `file`), becomes a `File` in the body, so the same schema checks its size and name on the server as in
 * the browser. The bytes stay beside it (`uploadedBytes`) for the content check, the facts and storage.
 *
 * A file over its field's limit stops being read at the limit (never buffered whole) and answers 422
 * under the field with its own message; a file part of another name, or a second file, 422; a body the
 * parser cannot read, 400 (issue 15). NUL characters in the text parts are refused by the input guard's
 * preHandler (plugins/input-guard.ts); a NUL in a file name fails the field's name pattern.
 */

const bytesOfUploads = new WeakMap<File, Buffer>();

/** The bytes of a file this reader made (null for any other value). */
export function uploadedBytes(file: unknown): Buffer | null {
  return file instanceof File ? (bytesOfUploads.get(file) ?? null) : null;
}

export function readEntityUpload(files: Readonly<Record<string, FileRule>>) {
  const names = Object.keys(files);
  const largest = Math.max(...Object.values(files).map((rule) => rule.maxBytes));
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) return;
    const body: Record<string, unknown> = {};
    let current: string | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: largest, files: names.length } })) {
        if (part.type === 'field') {
          body[part.fieldname] = String(part.value);
          continue;
        }
        const rule = Object.hasOwn(files, part.fieldname) ? files[part.fieldname] : undefined;
        if (!rule) throw new FieldValidationError({ [part.fieldname]: ['validation.upload_field'] });
        current = part.fieldname;
        const data = await part.toBuffer();
        if (data.length > rule.maxBytes) throw new FieldValidationError({ [part.fieldname]: [rule.tooLargeMessage as MessageId] });
        // A form with no file chosen still sends an empty part: no file.
        if (data.length === 0) continue;
        const file = new File([data as Uint8Array<ArrayBuffer>], part.filename ?? '', { type: part.mimetype ?? '' });
        bytesOfUploads.set(file, data);
        body[part.fieldname] = file;
      }
    } catch (error) {
      const field = current ?? names[0]!;
      if (multipartErrorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw new FieldValidationError({ [field]: [files[field]!.tooLargeMessage as MessageId] });
      if (multipartErrorCode(error) === 'FST_FILES_LIMIT') throw new FieldValidationError({ [names[0]!]: ['validation.upload_one_file'] });
      throw multipartReadError(error);
    }
    request.body = body;
  };
}
