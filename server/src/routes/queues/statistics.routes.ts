import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { extensionStatusBodySchema, extensionStatusResponseSchema, inboundStatisticsBodySchema, statisticsBodySchema, statisticsResponseSchema } from '../../../../src/api/contracts/statistics.contract';
import { authErrorResponses, bearerSecurity, validationErrorSchema } from '../../lib/api-schemas';
import { requirePermission } from '../../plugins/permissions';
import { callLogStatistics, extensionStatusOfDay, inboundStatistics } from '../../services/queues/statistics';

const describe = (summary: string, description: string) => ({ tags: ['statistics'], summary, description, security: bearerSecurity });

const ROW_FIELDS =
  'Rows `{ bucket_start, offered, answered, abandoned, service_level, avg_wait_s, avg_talk_s }`, one per bucket (15m, 30m, 1h, day, week in Asia/Seoul; weeks from Monday), empty buckets included; at most 93 days at once.';

/**
 * Call statistics (CONTRACT §12; docs/queues.md "Statistics"): managers, and agents with the
 * `call_statistics` permission, of their own company.
 */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = [app.authenticate, requirePermission('call_statistics')];

  app.post(
    '/statistics/inbound',
    {
      onRequest: readers,
      schema: {
        ...describe('Inbound queue statistics by time bucket', `Queue calls from the queue log, each in the bucket it entered the queue in; \`queue\` and \`extension\` (the agent who answered) narrow it; \`group_by\` (\`queue\` or \`agent\`) gives one series per queue or answering agent, each row naming it in \`group\`. ${ROW_FIELDS}`),
        body: inboundStatisticsBodySchema,
        response: { 200: statisticsResponseSchema, ...authErrorResponses, 422: validationErrorSchema },
      },
    },
    async (request) => ({ data: await inboundStatistics(request.companyScope(), request.body) }),
  );

  app.post(
    '/statistics/calls',
    {
      onRequest: readers,
      schema: {
        ...describe('Call log statistics by time bucket', `Every call of the call log in the bucket it started in; \`direction\`, \`queue\` and \`extension\` narrow it. Abandoned: inbound calls nobody answered. ${ROW_FIELDS}`),
        body: statisticsBodySchema,
        response: { 200: statisticsResponseSchema, ...authErrorResponses, 422: validationErrorSchema },
      },
    },
    async (request) => ({ data: await callLogStatistics(request.companyScope(), request.body) }),
  );

  app.post(
    '/statistics/extension-status',
    {
      onRequest: readers,
      schema: {
        ...describe('Each extension’s day in states', 'For a Seoul day (`date`, YYYY-MM-DD): per extension the seconds spent in each state (available, ringing, on_call, dnd, rest, lunch, after, logged_out) and the intervals, from the queue log.'),
        body: extensionStatusBodySchema,
        response: { 200: extensionStatusResponseSchema, ...authErrorResponses, 422: validationErrorSchema },
      },
    },
    async (request) => ({ data: await extensionStatusOfDay(request.companyScope(), request.body.date, request.body.extension) }),
  );
};
