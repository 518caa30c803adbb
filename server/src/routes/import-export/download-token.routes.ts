import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOWNLOAD_PURPOSES,
  STREAM_PURPOSES,
  downloadTokenRequestSchema,
  downloadTokenResponseSchema,
} from '../../../../src/api/contracts/download.contract';
import { allows } from '../../../../src/api/resources/resource-access';
import { authErrorResponses, bearerSecurity, validationErrorSchema } from '../../lib/api-schemas';
import { forbidden } from '../../lib/errors';
import { DOWNLOAD_TOKEN_TTL_SECONDS, signDownloadToken, STREAM_TOKEN_TTL_SECONDS } from '../../services/downloads/download-tokens';

/** `POST /download-token`: a short-lived token for one download opened in a new tab (CONTRACT §3). */
export const downloadTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/download-token',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['downloads'],
        summary: 'A download token bound to one purpose and the exact parameters of the download (60 s; 10 minutes for a file a media element plays)',
        security: bearerSecurity,
        body: downloadTokenRequestSchema,
        response: { 200: downloadTokenResponseSchema, ...authErrorResponses, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const { purpose, params } = request.body;
      // Refused here already, so a page never opens a tab that can only show an error.
      const rule = DOWNLOAD_PURPOSES[purpose];
      if (!rule || !allows(request.auth, rule)) throw forbidden();
      const ttl = STREAM_PURPOSES.has(purpose) ? STREAM_TOKEN_TTL_SECONDS : DOWNLOAD_TOKEN_TTL_SECONDS;
      const token = await signDownloadToken(app.config.jwtSecret, request.auth, purpose, params, ttl);
      return { token, expires_in: ttl };
    },
  );
};
