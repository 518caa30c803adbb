import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  queueLabelBodySchema,
  queueLabelResponseSchema,
  queueResetBodySchema,
  queueResetResponseSchema,
  queueStatusBodySchema,
  queueStatusResponseSchema,
} from '../../../../src/api/contracts/queue-status.contract';
import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { notFound } from '../../lib/errors';
import { requirePermission, requireQueueReset } from '../../plugins/permissions';
import { saveQueueBoardLabel } from '../../services/queues/queue-board-label';
import { recordQueueReset } from '../../services/queues/queue-reset';

const describe = (summary: string, description: string) => ({ tags: ['queues'], summary, description, security: bearerSecurity });

/**
 * The live queue board (CONTRACT §12; docs/queues.md): managers, and agents with the queue board
 * permission where the company may use it. The same board is pushed as `queue_status`.
 */
export const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewers = [app.authenticate, requirePermission('queues', 'company_can_use_queue_board')];

  app.post(
    '/queue/status',
    {
      onRequest: viewers,
      schema: {
        ...describe(
          'The live board of every queue, or of one',
          'Per queue: callers waiting (with how long), the longest wait, offered, answered, abandoned and timed-out calls since the last reset (or Seoul midnight), both service levels (answered within `service_level_s` ÷ answered; and answered or abandoned within it ÷ answered + abandoned), average wait and talk, and each member’s state, pause reason and since when. An unknown `queue` is 404.',
        ),
        body: queueStatusBodySchema,
        response: { 200: queueStatusResponseSchema, ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const data = await app.queues.boards.status(request.companyScope().companyId, request.body.queue);
      if (request.body.queue !== undefined && data.length === 0) throw notFound();
      return { data };
    },
  );

  app.post(
    '/queue/reset',
    {
      onRequest: [...viewers, requireQueueReset],
      schema: {
        ...describe(
          "Reset a queue's counters",
          'Zeroes offered, answered, abandoned and the service levels from now on, recorded in the queue log with who did it and when; callers still waiting stay. The PBX’s own queue statistics are reset too. Refused (403) to agents with “hide reset button for queues”. An unknown `queue` is 404.',
        ),
        body: queueResetBodySchema,
        response: { 200: queueResetResponseSchema, ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const scope = request.companyScope();
      const { queue } = request.body;
      if ((await app.queues.boards.status(scope.companyId, queue)).length === 0) throw notFound();
      await recordQueueReset(scope, app.queues.recorder, request.auth.userId, queue);
      // The PBX keeps counters of its own (Asterisk's QueueReset): best effort, the log is what counts.
      await app.telephony.command(scope.companyId, 'queueReset', queue).catch((error: unknown) => request.log.warn({ err: error, queue }, 'the PBX did not reset its queue'));
      const [data] = await app.queues.boards.status(scope.companyId, queue);
      return { data: data! };
    },
  );

  app.post(
    '/queue/label',
    {
      onRequest: viewers,
      schema: {
        ...describe(
          "Set a queue's board label and colours",
          '`id` is the queue’s record id. `label` (up to 30 characters) is shown on the boards instead of the queue’s name; blank shows the name. A wait at or above `wait_warning_s` shows amber, at or above `wait_danger_s` red (seconds, 1 to 86400); blank takes half of `service_level_s` and all of it. The warning must be below the danger (422 under `wait_warning_s`). Every viewer of the company’s board gets the queues pushed again at once. Another company’s queue, or none, is 404.',
        ),
        body: queueLabelBodySchema,
        response: { 200: queueLabelResponseSchema, ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const scope = request.companyScope();
      const queue = await saveQueueBoardLabel(scope, request.body);
      if (queue === null) throw notFound();
      await app.queues.pushAll(scope.companyId);
      const [data] = await app.queues.boards.status(scope.companyId, queue);
      if (!data) throw notFound();
      return { data };
    },
  );
};
