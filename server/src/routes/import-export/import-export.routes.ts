import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImportJobs } from '../../services/import/import-jobs';
import { IMPORT_TARGETS } from '../../services/import/import-targets';
import { stopIdleWorkers } from '../../services/import/worker/worker-pool';
import { downloadTokenRoutes } from './download-token.routes';
import { importDownloadRoutes } from './import-downloads.routes';
import { importResumeRoutes } from './import-resume.routes';
import { importRoutes } from './import.routes';

/**
 * Excel import and export (issue 4 item 3; docs/import-export.md): the download token, then for each
 * import target its upload/commit/status routes, what can be done with an interrupted import and its
 * sample and error-report downloads, then the exports. The app's imports (`ImportJobs`) start with the
 * app (jobs of a previous life of the server become `interrupted`) and stop with it (running ones are
 * recorded as interrupted, to be resumed).
 */
export const importExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = new ImportJobs(app.db, app.dbDriver, app.log);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.close();
    await stopIdleWorkers();
  });
  await app.register(downloadTokenRoutes);
  for (const target of Object.values(IMPORT_TARGETS)) {
    await app.register(importRoutes(target, jobs));
    await app.register(importResumeRoutes(target, jobs));
    await app.register(importDownloadRoutes(target, jobs));
  }
};
