import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importInterruptedListSchema, importPaths, importStatusSchema, IMPORT_RUNNING_STATUSES, type ImportStatusName } from '../../../../src/api/contracts/import.contract';
import { authErrorResponses, bearerSecurity, errorResponseSchema, successResultSchema, validationErrorSchema } from '../../lib/api-schemas';
import { FieldValidationError, HttpError, notFound } from '../../lib/errors';
import { requireAccess } from '../../resources/access';
import { claimInterruptedJob, discardImportJob, interruptedImportJobs, readImportJob, viewOfRow } from '../../services/import/import-job-store';
import { resumedJob, type ImportJobs } from '../../services/import/import-jobs';
import { startImport } from '../../services/import/import-runner';
import type { ImportTarget } from '../../services/import/import-targets';
import { readCheckedUpload } from './checked-upload';
import { importStatusOf } from './import-status';
import { importJobKey } from './import.routes';

const errors = { ...authErrorResponses, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema };
const idParams = z.object({ id: z.string().uuid('validation.id_invalid') });
const isRunning = (status: ImportStatusName) => (IMPORT_RUNNING_STATUSES as readonly ImportStatusName[]).includes(status);

/**
 * What is left to do with an import a stopped server cut short (docs/import-export.md "Imports survive a
 * restart"): `<entity>/import/interrupted` lists the caller's; `{id}/resume` continues one from its
 * first uncommitted row with the same file uploaded again; `{id}/discard` forgets it (its rows stay).
 * Starting over is a new upload with `start_over={id}` (import.routes.ts). The caller's own imports only.
 */
export function importResumeRoutes(target: ImportTarget, jobs: ImportJobs): FastifyPluginAsyncZod {
  return async (app) => {
    const paths = importPaths(target.entity);
    const onRequest = [app.authenticate, requireAccess(target.access)];
    const describe = (summary: string) => ({ tags: [`${target.entity}-import`], summary, security: bearerSecurity });

    app.post(
      `/${paths.interrupted}`,
      { onRequest, schema: { ...describe('The caller’s imports that a stopped server cut short, latest first'), response: { 200: importInterruptedListSchema, ...authErrorResponses } } },
      async (request) => {
        const rows = await interruptedImportJobs(app.db, app.dbDriver, jobs.owner, importJobKey(request, target));
        return { data: rows.map((row) => importStatusOf(viewOfRow(row), request.language)) };
      },
    );

    app.post(
      `/${target.entity}/import/:id/resume`,
      {
        onRequest,
        schema: {
          ...describe('Resume an interrupted import (multipart, the same file in field `file`): the rows committed before are skipped'),
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: importStatusSchema, ...errors },
        },
      },
      async (request) => {
        const key = importJobKey(request, target);
        const row = await readImportJob(app.db, app.dbDriver, jobs.owner, key, request.params.id);
        if (!row) throw notFound();
        if (row.status !== 'interrupted') throw new HttpError(409, 'errors.import_not_interrupted');
        const upload = await readCheckedUpload(request, target);
        // Skipping its first rows is right for this very file only.
        if (upload.sha256 !== row.fileSha256) throw new FieldValidationError({ file: ['validation.import_resume_other_file'] }, { file: { file_name: row.fileName } });
        const context = await target.loadContext(key.scope, upload.fields);
        const claimed = await claimInterruptedJob(app.db, jobs.owner, key, row.id);
        if (!claimed) throw new HttpError(409, 'errors.import_not_interrupted');
        const job = resumedJob(claimed, {
          companyId: key.scope.companyId,
          userId: key.userId,
          bytes: upload.bytes,
          fileSha256: upload.sha256,
          entries: upload.entries,
          fields: target.fields(context),
          context,
        });
        jobs.adopt(job);
        await startImport(job, target, claimed.mapping, { db: app.db, driver: app.dbDriver, log: app.log, jobs });
        return importStatusOf(job, request.language);
      },
    );

    app.post(
      `/${target.entity}/import/:id/discard`,
      { onRequest, schema: { ...describe('Forget an ended or interrupted import; the rows it imported stay'), params: idParams, response: { 200: successResultSchema, ...errors } } },
      async (request) => {
        const key = importJobKey(request, target);
        const row = await readImportJob(app.db, app.dbDriver, jobs.owner, key, request.params.id);
        if (!row) throw notFound();
        if (isRunning(row.status) || !(await discardImportJob(app.db, key, row.id))) throw new HttpError(409, 'errors.import_still_running');
        jobs.forget(row.id);
        return { result: 'success' as const };
      },
    );
  };
}
