import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '../../../../src/api/routing/route-call';
import {
  routingApplyResponseSchema,
  routingPendingResponseSchema,
  routingSimulateBodySchema,
  routingSimulateResponseSchema,
} from '../../../../src/api/routing/routing.contract';
import { authErrorResponses, bearerSecurity, validationErrorSchema } from '../../lib/api-schemas';
import { translate } from '../../lib/i18n';
import { normalisePhoneNumber } from '../../lib/phone';
import { requireRole } from '../../plugins/permissions';
import { inboundRoutedBy } from '../../services/telephony/driver-choice';
import { pbxAfterApply } from '../../services/telephony/pbx-routing';
import { applyRouting, pendingRouting } from '../../services/routing/routing-apply';
import { loadRoutingConfig } from '../../services/routing/routing-config';
import { isPublicHoliday } from '../../services/routing/route-inbound';
import { worktimeForce } from '../../services/routing/company-worktime';
import { forceAt } from '../../../../src/api/routing/company-worktime';

const describe = (summary: string, description?: string) => ({ tags: ['routing'], summary, ...(description ? { description } : {}), security: bearerSecurity });
const errors = { ...authErrorResponses, 422: validationErrorSchema };

/**
 * Inbound routing (CONTRACT §11, docs/routing.md): what a call would do, what Apply would change, and
 * Apply itself. Routing is the company's configuration: managers only.
 */
export const routingRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = [app.authenticate, requireRole('manager')];
  /** The built-in PBX follows the routing; a company on its own CTI server is routed by that server. */
  const routedBy = (request: FastifyRequest) => inboundRoutedBy(request.companyScope().db, request.companyScope().companyId, app.config);

  app.post(
    '/routing/simulate',
    {
      onRequest: managers,
      schema: {
        ...describe(
          'The path a call would take through the staged routing, without placing it',
          'Blacklist, the inbound number, the time condition that holds at `at` (Asia/Seoul; now when left out), IVR menus with the keys in `digits`, to where the call ends. Reads the routing as edited (what Apply would make live); the company work-time switch counts when `at` falls between when it was set and its end.',
        ),
        body: routingSimulateBodySchema,
        response: { 200: routingSimulateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { to, from, at, digits } = request.body;
      const scope = request.companyScope();
      const [routing, stored] = await Promise.all([loadRoutingConfig(scope), worktimeForce(scope)]);
      const when = at ? new Date(at) : new Date();
      // The work-time switch as the PBX would see it then: in effect from when it was set until its end.
      const force = forceAt(stored, when);
      const routed = routeCall(routing, { to, from: normalisePhoneNumber(from), at: when, force, ...(digits ? { digits } : {}) }, isPublicHoliday);
      return {
        steps: routed.steps.map((step) => ({ type: step.type, target: step.target, reason: translate(step.reasonId, request.language, step.params) })),
        destination: routed.destination,
        ring_group: routed.ringGroup,
        ivr_number: routed.ivrNumber,
      };
    },
  );

  app.post(
    '/routing/pending',
    { onRequest: managers, schema: { ...describe('What Apply would change: the routing records edited since the last Apply'), response: { 200: routingPendingResponseSchema, ...errors } } },
    async (request) => pendingRouting(request.companyScope(), await routedBy(request)),
  );

  app.post(
    '/routing/apply',
    {
      onRequest: managers,
      schema: {
        ...describe(
          'Make the staged routing live',
          'Copies inbound numbers, time conditions, IVRs, ring groups and callback groups as they are now into the routing the PBX follows, and answers what changed and the new version. Applies of one company run one after another, each taking the records as they are then, so two managers applying at once both get their changes in. A PBX that keeps its own routing (Asterisk) is then loaded with it: `pbx` says whether it took it (`loaded`, else the error); the Apply stands either way. Absent for the built-in PBX and a remote CTI server.',
        ),
        response: { 200: routingApplyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const applied = await applyRouting(request.companyScope(), request.auth.userId, await routedBy(request));
      // The PBX rings the applied ring groups (services/telephony/company-directory.ts).
      await app.telephony.reloadDirectory(request.auth.companyId!).catch((error: unknown) => request.log.warn({ error }, 'routing applied; the PBX directory reload failed'));
      // A PBX that keeps its own routing (Asterisk) is handed it now; the answer says whether it took it.
      const pbx = await pbxAfterApply(app.telephony, request.auth.companyId!);
      if (pbx && !pbx.loaded) request.log.warn({ pbx }, 'routing applied; the PBX did not take it');
      return pbx ? { ...applied, pbx } : applied;
    },
  );
};
