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
import type { FastifyRequest } from 'fastify';
import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { FieldValidationError, fieldError, HttpError, notFound } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { requireAccess } from '../../resources/access';
import { mappingProblems } from '../../services/import/column-mapping';
import { discardImportJob, interruptedImportJobs, readImportJob, viewOfRow, type ImportJobKey } from '../../services/import/import-job-store';
import type { ImportJobs } from '../../services/import/import-jobs';
import { previewImport, startImport } from '../../services/import/import-runner';
import type { ImportTarget } from '../../services/import/import-targets';
import { uploadRefusal } from '../../services/import/upload-problems';
import { UploadRefused } from '../../services/import/xlsx-file-check';
import { readCheckedUpload } from './checked-upload';
import { importStatusOf } from './import-status';

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

/** The caller's imports of this entity in the caller's company: an import is its uploader's own. */
export const importJobKey = (request: FastifyRequest, target: ImportTarget): ImportJobKey => ({
  scope: request.companyScope(),
  userId: request.auth.userId,
  entity: target.entity,
});

/**
 * `<entity>/import` (multipart), `<entity>/import/{id}/commit` and `<entity>/import/{id}/status` for one
 * import target (contract: src/api/contracts/import.contract.ts; design: docs/import-export.md). An
 * import is its uploader's own: another user's, like another company's, is a 404.
 */
export function importRoutes(target: ImportTarget, jobs: ImportJobs): FastifyPluginAsyncZod {
  return async (app) => {
    const paths = importPaths(target.entity);
    const onRequest = [app.authenticate, requireAccess(target.access)];
    const describe = (summary: string) => ({ tags: [`${target.entity}-import`], summary, security: bearerSecurity });
    const deps = () => ({ db: app.db, driver: app.dbDriver, log: app.log, jobs });
    const startOverId = (text: string | undefined) => {
      if (text === undefined || text === '') return null;
      if (!idParams.shape.id.safeParse(text).success) throw fieldError('start_over', 'validation.id_invalid');
      return text;
    };

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
        const upload = await readCheckedUpload(request, target);
        const key = importJobKey(request, target);
        // The same file, cut short by a restart: importing it again would add its committed rows twice.
        // Only an explicit start over (`start_over` = that import) goes ahead, and forgets that import.
        const startOver = startOverId(upload.fields.start_over);
        const earlier = (await interruptedImportJobs(app.db, app.dbDriver, jobs.owner, key, upload.sha256)).filter((row) => row.id !== startOver);
        if (earlier[0]) {
          throw new FieldValidationError({ file: ['validation.import_file_interrupted'] }, { file: { file_name: earlier[0].fileName, inserted: earlier[0].inserted.toLocaleString('en') } });
        }
        const context = await target.loadContext(request.companyScope(), upload.fields);
        const fields = target.fields(context);
        const job = jobs.createPreview({
          entity: target.entity,
          companyId: key.scope.companyId,
          userId: key.userId,
          fileName: upload.fileName,
          bytes: upload.bytes,
          fileSha256: upload.sha256,
          entries: upload.entries,
          fields,
          context,
          params: upload.fields,
        });
        // Once the new import is under way (or previewed), the one it starts over from is forgotten.
        const forgetStartOver = async () => {
          if (startOver) await discardImportJob(app.db, key, startOver);
        };
        if (upload.fields.commit === 'true' || upload.fields.commit === '1') {
          await startImport(job, target, mappingField(upload.fields.mapping), deps());
          await forgetStartOver();
          return importStatusOf(job, request.language);
        }
        try {
          const preview = await previewImport(job);
          await forgetStartOver();
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
          jobs.forget(job.id);
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
        const key = importJobKey(request, target);
        const job = jobs.find(request.params.id, key.scope.companyId, key.userId, target.entity);
        if (!job) {
          // Started already (and recorded), or a preview this process no longer holds.
          if (await readImportJob(app.db, app.dbDriver, jobs.owner, key, request.params.id)) throw new HttpError(409, 'errors.import_already_started');
          throw notFound();
        }
        if (job.status !== 'uploaded' || !job.bytes) throw new HttpError(409, 'errors.import_already_started');
        // Checked against the settings as they are now, not as they were at the preview (which may be
        // minutes old): a group added since is accepted, a custom field deleted since is no target.
        job.context = await target.loadContext(request.companyScope(), job.params);
        // A second commit of the same preview (a double click) may have started it meanwhile.
        if (job.status !== 'uploaded' || !job.bytes) throw new HttpError(409, 'errors.import_already_started');
        job.fields = target.fields(job.context);
        const problems = mappingProblems(request.body.mapping, job.headers, job.fields);
        if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
        await startImport(job, target, request.body.mapping, deps());
        return importStatusOf(job, request.language);
      },
    );

    app.post(
      `/${target.entity}/import/:id/status`,
      {
        onRequest,
        schema: { ...describe('Progress of an import and its first per-row errors'), params: idParams, response: { 200: importStatusSchema, ...errors } },
      },
      async (request) => {
        const key = importJobKey(request, target);
        const live = jobs.find(request.params.id, key.scope.companyId, key.userId, target.entity);
        if (live) return importStatusOf(live, request.language);
        // Not held here: started by an earlier life of this server or by another process.
        const row = await readImportJob(app.db, app.dbDriver, jobs.owner, key, request.params.id);
        if (!row) throw notFound();
        return importStatusOf(viewOfRow(row), request.language);
      },
    );
  };
}
