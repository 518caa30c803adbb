import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLER_ID_PATHS, callerIdEntity, chooseCallerIdBodySchema, myCallerIdsSchema } from '../../../../src/api/contracts/caller-id.contract';
import { authErrorResponses, bearerSecurity, validationErrorSchema } from '../../lib/api-schemas';
import { requireRole } from '../../plugins/permissions';
import { callerIdsOfUser, chooseCallerId } from '../../services/telephony/caller-ids';

const describe = (summary: string) => ({ tags: [callerIdEntity.name], summary, security: bearerSecurity });

/**
 * What an agent does with caller ids (the list itself is the managers'): see the ones they may dial out
 * with and choose which their calls carry (the dial pad; docs/telephony.md "Caller ID").
 */
export const callerIdRoutes: FastifyPluginAsyncZod = async (app) => {
  const companyUsers = [app.authenticate, requireRole('manager', 'agent')];

  app.post(
    `/${CALLER_ID_PATHS.mine}`,
    { onRequest: companyUsers, schema: { ...describe('The caller ids the signed-in user may dial out with, and the one their calls carry'), response: { 200: myCallerIdsSchema, ...authErrorResponses } } },
    async (request) => callerIdsOfUser(request.server.db, request.companyScope().companyId, request.auth.userId),
  );

  app.post(
    `/${CALLER_ID_PATHS.choose}`,
    {
      onRequest: companyUsers,
      schema: {
        ...describe('Choose the caller id the signed-in user’s calls carry (null: the lowest id they may use)'),
        body: chooseCallerIdBodySchema,
        response: { 200: myCallerIdsSchema, ...authErrorResponses, 422: validationErrorSchema },
      },
    },
    async (request) => chooseCallerId(request.server.db, request.companyScope().companyId, request.auth.userId, request.body.id),
  );
};
