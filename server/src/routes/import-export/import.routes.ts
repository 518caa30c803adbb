import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importCommitBodySchema,
  importMappingSchema,
  importPaths,
  importPreviewSchema,
  importStatusSchema,
  type ImportMapping,
} from '../../../../src/api/contracts/import.contract';
import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { FieldValidationError, fieldError, HttpError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { requireAccess } from '../../resources/access';
import { mappingProblems } from '../../services/import/column-mapping';
import { createImportJob, findImportJob, forgetImportJob } from '../../services/import/import-jobs';
import { previewImport, startImport } from '../../services/import/import-runner';
import type { ImportTarget } from '../../services/import/import-targets';
import { uploadRefusal } from '../../services/import/upload-problems';
import { checkXlsxUpload, UploadRefused } from '../../services/import/xlsx-file-check';
import { importStatusOf } from './import-status';
import { readUpload } from './read-upload';

const errors = { ...authErrorResponses, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema };
const idParams = z.object({ id: z.string().uuid('validation.id_invalid') });

/** The optional `mapping` form field of a one-shot import: JSON `{ field: column index }`. */
function mappingField(text: string | undefined): ImportMapping | null {
  if (text === undefined || text.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fieldError('mapping', 'validation.invalid_value');
  }
  const parsed = importMappingSchema.safeParse(json);
  if (!parsed.success) throw fieldError('mapping', 'validation.invalid_value');
  return parsed.data;
}

/**
 * `<entity>/import` (multipart), `<entity>/import/{id}/commit` and `<entity>/import/{id}/status` for one
 * import target (contract: src/api/contracts/import.contract.ts; design: docs/import-export.md).
 */
export function importRoutes(target: ImportTarget): FastifyPluginAsyncZod {
  return async (app) => {
    const paths = importPaths(target.entity);
    const onRequest = [app.authenticate, requireAccess(target.access)];
    const describe = (summary: string) => ({ tags: [`${target.entity}-import`], summary, security: bearerSecurity });
    const deps = () => ({ db: app.db, driver: app.dbDriver, log: app.log });

    app.post(
      `/${paths.upload}`,
      {
        onRequest,
        schema: {
          ...describe(
            'Upload an .xlsx (multipart, field `file`): checked, then previewed. With `commit=true` (and optionally `mapping`, JSON) the import starts at once and the status is answered',
          ),
          consumes: ['multipart/form-data'],
          response: { 200: z.union([importPreviewSchema, importStatusSchema]), ...errors },
        },
      },
      async (request) => {
        const upload = await readUpload(request).catch((error: unknown) => {
          throw error instanceof UploadRefused ? uploadRefusal(error.problem, target.entity) : error;
        });
        let entries;
        try {
          entries = checkXlsxUpload(upload.fileName, upload.bytes);
        } catch (error) {
          throw error instanceof UploadRefused ? uploadRefusal(error.problem, target.entity) : error;
        }
        const context = await target.loadContext(request.companyScope());
        const fields = target.fields(context);
        const job = createImportJob({
          entity: target.entity,
          companyId: request.companyScope().companyId,
          userId: request.auth.userId,
          fileName: upload.fileName,
          bytes: upload.bytes,
          entries,
          fields,
          context,
        });
        if (upload.fields.commit === 'true' || upload.fields.commit === '1') {
          startImport(job, target, mappingField(upload.fields.mapping), deps());
          return importStatusOf(job, request.language);
        }
        try {
          const preview = await previewImport(job);
          return {
            import_id: job.id,
            file_name: job.fileName,
            headers: preview.headers,
            rows: preview.rows,
            total_rows: preview.totalRows,
            fields: fields.map((field) => ({
              key: field.key,
              label: field.labelId ? translate(field.labelId, request.language) : (field.label ?? field.key),
              required: field.required,
            })),
            mapping: preview.mapping,
          };
        } catch (error) {
          forgetImportJob(job.id);
          throw error instanceof UploadRefused ? uploadRefusal(error.problem, target.entity) : error;
        }
      },
    );

    app.post(
      `/${target.entity}/import/:id/commit`,
      {
        onRequest,
        schema: { ...describe('Start a previewed import with the chosen columns'), params: idParams, body: importCommitBodySchema, response: { 200: importStatusSchema, ...errors } },
      },
      async (request) => {
        const job = findImportJob(request.params.id, request.companyScope().companyId, target.entity);
        if (job.status !== 'uploaded' || !job.bytes) throw new HttpError(409, 'errors.import_already_started');
        // Checked against the settings as they are now, not as they were at the preview (which may be
        // minutes old): a group added since is accepted, a custom field deleted since is no target.
        job.context = await target.loadContext(request.companyScope());
        job.fields = target.fields(job.context);
        const problems = mappingProblems(request.body.mapping, job.headers, job.fields);
        if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
        startImport(job, target, request.body.mapping, deps());
        return importStatusOf(job, request.language);
      },
    );

    app.post(
      `/${target.entity}/import/:id/status`,
      {
        onRequest,
        schema: { ...describe('Progress of an import and its first per-row errors'), params: idParams, response: { 200: importStatusSchema, ...errors } },
      },
      async (request) => importStatusOf(findImportJob(request.params.id, request.companyScope().companyId, target.entity), request.language),
    );
  };
}
