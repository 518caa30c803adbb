import { asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CALL_PATHS,
  callContract,
  callDetailSchema,
  callExtensionsResponseSchema,
  callMemberBodySchema,
  callMemberResponseSchema,
  showCallBodySchema,
} from '../../../../src/api/contracts/call.contract';
import { callEvents, users, type CallEventRow } from '../../db/schema';
import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { requireAccess } from '../../resources/access';
import { registerResourceRoutes } from '../../resources/register-resource-routes';
import { callResource } from './call.resource';
import { chooseCallMember } from './call-member';
import { withCallParties } from './call-parties';
import { visibleCall } from './call-visibility';

const errors = { ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema };
const describe = (summary: string) => ({ tags: [callContract.entity], summary, security: bearerSecurity });

const eventRecord = (row: CallEventRow) => ({
  type: row.type,
  state: row.state,
  extension: row.extension,
  number: row.number,
  occurred_at: row.occurredAt.toISOString(),
});

/**
 * The call-log calls of specification §7 (docs/calls.md): `cti/calls/history` is the resource's list,
 * registered from its definition; `cti/calls/show-call`, the extensions and the member chosen for a call
 * are the log's own.
 */
export const callRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = [app.authenticate, requireAccess(callContract.access.read)];

  registerResourceRoutes(app, callResource);

  app.post(
    `/${CALL_PATHS.showCall}`,
    {
      onRequest: read,
      schema: {
        ...describe('One call by uniqueid, with every event the PBX reported, in order'),
        body: showCallBodySchema,
        response: { 200: callDetailSchema, ...errors },
      },
    },
    async (request) => {
      const call = await visibleCall(request, request.body.unique_id);
      const scope = request.companyScope();
      const events = await scope.db
        .select()
        .from(callEvents)
        .where(scope.where(callEvents, eq(callEvents.callId, call.id)))
        .orderBy(asc(callEvents.occurredAt), asc(callEvents.id));
      const [data] = await withCallParties(scope, [callResource.toRecord(call)]);
      return { data: data!, events: events.map(eventRecord) };
    },
  );

  app.post(
    `/${CALL_PATHS.member}`,
    {
      onRequest: read,
      schema: {
        ...describe('Say which member a call is about (several members share the number); choosing again replaces it'),
        description:
          "For a call the caller may see, or one ringing on their own extension that the log has not written yet (the choice shows once it has). Another company's member answers 422 under `member_id`; an unknown call, or one the caller may not see, 404.",
        body: callMemberBodySchema,
        response: { 200: callMemberResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await chooseCallMember(request, request.body.uniqueid, request.body.member_id) }),
  );

  app.post(
    `/${CALL_PATHS.extensions}`,
    {
      onRequest: read,
      schema: { ...describe("The company's extensions and who has them (the history's extension filter)"), response: { 200: callExtensionsResponseSchema, ...errors } },
    },
    async (request) => {
      const scope = request.companyScope();
      const rows = await scope.db
        .select({ extension: users.extension, name: users.name })
        .from(users)
        .where(scope.where(users, isNull(users.deletedAt), isNotNull(users.extension)))
        .orderBy(asc(users.extension));
      return { data: rows.map((row) => ({ extension: row.extension ?? '', name: row.name })) };
    },
  );
};
