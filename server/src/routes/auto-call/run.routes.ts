import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTO_CALL_ACCESS, autoCallRunBodySchema, type AutoCallRunAction } from '../../../../src/api/contracts/auto-call.contract';
import { autoCallRunResponseSchema } from '../../../../src/api/contracts/auto-call-run.contract';
import type { AutoCallRunEvent } from '../../../../src/machines/auto-call-run/auto-call-run.machine';
import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { HttpError, notFound } from '../../lib/errors';
import type { MessageId } from '../../lib/i18n';
import { requireAccess } from '../../resources/access';
import { statusBeforeRun, statusOfStep, statusOfView } from '../../services/auto-call/run-status';
import { inboundRoutedBy } from '../../services/telephony/driver-choice';
import { applyRunEvents, beginRun, findCampaign, findRun, pendingNumbers, RunEventRefused, untakenNumbers, viewOfSnapshot, type RunStep } from '../../services/auto-call/run-store';

const describe = (summary: string, description: string) => ({ tags: ['auto-call'], summary, description, security: bearerSecurity });

const REFUSED: Record<AutoCallRunAction, MessageId> = {
  start: 'auto_call_run.start_refused',
  pause: 'auto_call_run.pause_refused',
  resume: 'auto_call_run.resume_refused',
  cancel: 'auto_call_run.cancel_refused',
};

const SUMMARY: Record<AutoCallRunAction, [string, string]> = {
  start: [
    'Start a campaign',
    'Starts dialling the campaign’s numbers that have no result yet, inside its call window (Asia/Seoul; outside it the run waits, `waiting_for_window`). 409 when the campaign has no such numbers, no extensions, or was started before, and when the company’s PBX is not the built-in one.',
  ],
  pause: ['Pause a running campaign', 'No new number is dialled; calls in progress end normally and are counted. 409 unless the campaign is on going.'],
  resume: ['Resume a paused campaign', 'Dialling goes on (or waits for the call window). 409 unless the campaign is paused.'],
  cancel: ['Cancel a campaign', 'Ends the run for good: calls still ringing are dropped and nothing more is dialled; numbers keep the results they have. 409 once the campaign has completed or was cancelled.'],
};

/**
 * The run of an auto-call campaign (CONTRACT §13; docs/auto-call.md "Runner"): start, pause, resume and
 * cancel change the persisted run statechart (run-store.ts), whichever process serves the request; the
 * process holding the run's lease dials it. Same access as the campaigns; another company's campaign is 404.
 */
export const autoCallRunRoutes: FastifyPluginAsyncZod = async (app) => {
  const runners = [app.authenticate, requireAccess(AUTO_CALL_ACCESS)];

  for (const action of ['start', 'pause', 'resume', 'cancel'] as const) {
    const [summary, description] = SUMMARY[action];
    app.post(
      `/auto-call/${action}`,
      {
        onRequest: runners,
        schema: {
          ...describe(summary, `${description} Answers the run as \`auto-call/status\` does; every viewer of the company gets it as \`auto_call_run\`.`),
          body: autoCallRunBodySchema,
          response: { 200: autoCallRunResponseSchema, ...authErrorResponses, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema },
        },
      },
      async (request) => {
        const { companyId } = request.companyScope();
        const campaign = await findCampaign(app.db, companyId, request.body.id);
        if (!campaign) throw notFound();
        const now = app.autoCallRunner.now();
        let step: RunStep | null;
        try {
          if (action === 'start') {
            if (campaign.extensions.length === 0) throw new HttpError(409, 'auto_call_run.no_extensions');
            // The callees and the connection to agents are the built-in PBX's (docs/auto-call.md "Runner").
            if ((await inboundRoutedBy(app.db, companyId, app.config)) !== 'builtin') throw new HttpError(409, 'auto_call_run.pbx_unsupported');
            const total = await pendingNumbers(app.db, companyId, campaign.id);
            if (total === 0) throw new HttpError(409, 'auto_call_run.no_numbers');
            step = await beginRun(app.db, campaign, total, { type: 'START', now });
          } else {
            // A resume takes in the numbers uploaded while the run was paused.
            const event: AutoCallRunEvent =
              action === 'pause' ? { type: 'PAUSE' } : action === 'resume' ? { type: 'RESUME', now, untaken: await untakenNumbers(app.db, companyId, campaign.id) } : { type: 'CANCEL' };
            step = await applyRunEvents(app.db, companyId, campaign.id, [event], { command: true });
            // Never started: only a cancel makes sense (the run is created cancelled).
            if (!step && action === 'cancel') step = await beginRun(app.db, campaign, await pendingNumbers(app.db, companyId, campaign.id), { type: 'CANCEL' });
          }
        } catch (error) {
          if (error instanceof RunEventRefused) throw new HttpError(409, REFUSED[action]);
          throw error;
        }
        if (!step) throw new HttpError(409, REFUSED[action]);
        app.autoCallRunner.afterCommand(step);
        return { data: statusOfStep(step) };
      },
    );
  }

  app.post(
    '/auto-call/status',
    {
      onRequest: runners,
      schema: {
        ...describe(
          "A campaign's run",
          '`state` (ready, on_going, paused, complete, cancelled), whether it waits for the call window, the counts (numbers in the run, attempts dialled, in flight, finished, remaining, waiting for a retry, and each result) and the actions allowed now. The same is pushed as the socket event `auto_call_run` to sockets that sent `join_auto_call`.',
        ),
        body: autoCallRunBodySchema,
        response: { 200: autoCallRunResponseSchema, ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const { companyId } = request.companyScope();
      const campaign = await findCampaign(app.db, companyId, request.body.id);
      if (!campaign) throw notFound();
      const run = await findRun(app.db, companyId, campaign.id);
      if (run) return { data: statusOfView(campaign.id, viewOfSnapshot(run.snapshot)) };
      return { data: statusBeforeRun(campaign.id, campaign.state, await pendingNumbers(app.db, companyId, campaign.id)) };
    },
  );
};
