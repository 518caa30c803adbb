import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  oneTouchRecordingsResponseSchema,
  RECORDING_PATHS,
  recordingRequestSchema,
  recordingResponseSchema,
} from '../../../../src/api/contracts/call-recording.contract';
import { callContract, uniqueIdSchema } from '../../../../src/api/contracts/call.contract';
import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { notFound, unauthenticated } from '../../lib/errors';
import { requireAccess } from '../../resources/access';
import { authFromRecordingToken } from '../../services/recordings/recording-tokens';
import { contentTypeOf, parseRange } from '../../services/recordings/recording-source';
import { visibleCall } from './call-visibility';
import { contentDisposition, matchesParties, recordingBody, recordingLinks, recordingNotFound } from './recording-files';

const errors = { ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema };
const describe = (summary: string) => ({ tags: ['recording'], summary, security: bearerSecurity });

/**
 * The recording calls of specification §7 (`cti/consultations/show-recording-file`,
 * `show-one-touch-recording-file`) answer links with a recording token; the stream plays them
 * (docs/calls.md). The caller must be allowed to see the call, now and when the stream is opened.
 */
export const recordingRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = [app.authenticate, requireAccess(callContract.access.read)];

  app.post(
    `/${RECORDING_PATHS.showRecordingFile}`,
    {
      onRequest: read,
      schema: { ...describe("The call's recording: links to play and download it"), body: recordingRequestSchema, response: { 200: recordingResponseSchema, ...errors } },
    },
    async (request) => {
      const { unique_id, src, dst } = request.body;
      const call = await visibleCall(request, unique_id);
      if (!matchesParties(call, src, dst)) throw notFound();
      const file = call.recordingFile;
      if (!file || !(await recordingBody(app, call.companyId, call, file))) throw recordingNotFound();
      return { data: { unique_id: call.uniqueid, ...(await recordingLinks(request, call, file)) } };
    },
  );

  app.post(
    `/${RECORDING_PATHS.showOneTouchRecordingFile}`,
    {
      onRequest: read,
      schema: { ...describe("The call's one-touch recordings, oldest first"), body: recordingRequestSchema, response: { 200: oneTouchRecordingsResponseSchema, ...errors } },
    },
    async (request) => {
      const { unique_id, src, dst } = request.body;
      const call = await visibleCall(request, unique_id);
      if (!matchesParties(call, src, dst)) throw notFound();
      const data = [];
      for (const file of call.oneTouchFiles) {
        if (await recordingBody(app, call.companyId, call, file)) data.push(await recordingLinks(request, call, file));
      }
      if (data.length === 0) throw recordingNotFound();
      return { data };
    },
  );

  app.get(
    `/${RECORDING_PATHS.stream}`,
    {
      // An audio element cannot send the bearer header: the recording token in the query stands for it.
      onRequest: async (request) => {
        const token = (request.query as Record<string, unknown>).token;
        const auth = typeof token === 'string' ? await authFromRecordingToken(app, token) : null;
        if (!auth) throw unauthenticated('errors.download_token_invalid');
        request.authOrNull = auth;
      },
      preHandler: requireAccess(callContract.access.read),
      schema: {
        tags: ['recording'],
        summary: 'Play (or with download=1, download) one file of a call; authenticated by the token of show-recording-file',
        querystring: z.object({
          unique_id: uniqueIdSchema,
          file: z.string().min(1).max(255),
          token: z.string(),
          download: z.enum(['0', '1']).optional(),
        }),
        // No response schemas: the answer is audio (a Buffer or a file stream); errors keep the envelope.
      },
    },
    async (request, reply) => {
      const { unique_id, file, download } = request.query;
      const call = await visibleCall(request, unique_id);
      if (file !== call.recordingFile && !call.oneTouchFiles.includes(file)) throw recordingNotFound();
      const body = await recordingBody(app, call.companyId, call, file);
      if (!body) throw recordingNotFound();
      const range = parseRange(request.headers.range, body.size);
      reply
        .header('Content-Type', contentTypeOf(file))
        .header('Accept-Ranges', 'bytes')
        .header('Content-Disposition', contentDisposition(download === '1' ? 'attachment' : 'inline', file));
      if (!range) return reply.header('Content-Length', body.size).send(body.open());
      return reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${body.size}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(body.open(range));
    },
  );
};
