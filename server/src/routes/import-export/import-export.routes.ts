import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_TARGETS } from '../../services/import/import-targets';
import { stopIdleWorkers } from '../../services/import/worker/worker-pool';
import { consultationExportRoutes } from './consultation-export.routes';
import { downloadTokenRoutes } from './download-token.routes';
import { importDownloadRoutes } from './import-downloads.routes';
import { importRoutes } from './import.routes';
import { memberExportRoutes } from './member-export.routes';

/**
 * Excel import and export (issue 4 item 3; docs/import-export.md): the download token, then for each
 * import target its upload/commit/status routes and its sample and error-report downloads, then the
 * exports.
 */
export const importExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', async () => stopIdleWorkers());
  await app.register(downloadTokenRoutes);
  for (const target of Object.values(IMPORT_TARGETS)) {
    await app.register(importRoutes(target));
    await app.register(importDownloadRoutes(target));
  }
  await app.register(memberExportRoutes);
  await app.register(consultationExportRoutes);
};
