import { count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  memberContract,
  memberFromCallerResponseSchema,
  memberFromCallerSchema,
  memberPageSchema,
  memberPhoneLookupSchema,
  phoneNumberInputSchema,
} from '../../../../src/api/contracts/member.contract';
import { memberSettingsSchema } from '../../../../src/api/contracts/member-settings.contract';
import { listQuerySchema } from '../../../../src/api/resources/resource-contract';
import type { CompanyScope } from '../../db/company-scope';
import { members } from '../../db/schema';
import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { normalisePhoneNumber } from '../../lib/phone';
import { requireAccess } from '../../resources/access';
import type { ParsedListQuery } from '../../resources/list-query';
import { ResourceRepository } from '../../resources/resource-repository';
import { memberResource } from './member.resource';
import { lookupMembersByPhone, phoneLookupJson } from './phone-lookup';
import { loadMemberSettings } from '../../services/members/member-settings';

const errors = { ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema };
const describe = (summary: string) => ({ tags: [memberContract.entity], summary, security: bearerSecurity });
const listBody = listQuerySchema(memberContract);
const repository = (request: FastifyRequest) => new ResourceRepository(memberResource, request.companyScope());

async function countByPhone(scope: CompanyScope, phoneNumber: string): Promise<number> {
  const [row] = await scope.db
    .select({ n: count() })
    .from(members)
    .where(scope.where(members, eq(members.phoneNumber, phoneNumber)));
  return Number(row?.n ?? 0);
}

/** The member calls of specification §7 beyond the generic ones (docs/resources.md lists them all). */
export const memberExtraRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = [app.authenticate, requireAccess(memberContract.access.read)];
  const create = [app.authenticate, requireAccess(memberContract.access.create)];

  app.post(
    '/member/phone-number/:number',
    {
      onRequest: read,
      schema: {
        ...describe('Members with this phone number (normalised: hyphens, spaces, +82 → 0) and memberCount'),
        params: z.object({ number: phoneNumberInputSchema }),
        response: { 200: memberPhoneLookupSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Normalised exactly as on write, then one scan of the (company_id, phone_number) index.
      const phoneNumber = normalisePhoneNumber(request.params.number);
      const lookup = await lookupMembersByPhone(request.companyScope(), phoneNumber);
      // Already JSON (PostgreSQL built the records): a string with a JSON content type is sent as it is,
      // without the response schema's second pass. The route's schema still documents the shape, and the
      // tests parse answers with it. The cast only tells the typed reply that the text is that shape.
      return reply.type('application/json; charset=utf-8').send(phoneLookupJson(phoneNumber, lookup) as never);
    },
  );

  app.post(
    '/member/company/:name',
    {
      onRequest: read,
      schema: {
        ...describe("One page of the members of a company name (the member's own organisation)"),
        params: z.object({ name: z.string().trim().min(1, 'validation.required').max(100) }),
        body: listBody,
        response: { 200: memberPageSchema, ...errors },
      },
    },
    async (request) =>
      repository(request).page(request.body as ParsedListQuery, eq(members.companyName, request.params.name)),
  );

  app.post(
    '/member/list/:param',
    {
      onRequest: read,
      schema: {
        ...describe('One page of members matching the search term in the path (name, or number in any format)'),
        params: z.object({ param: z.string().trim().max(100) }),
        body: listBody,
        response: { 200: memberPageSchema, ...errors },
      },
    },
    async (request) => repository(request).page({ ...(request.body as ParsedListQuery), search: request.params.param || undefined }),
  );

  app.post(
    '/member/store/caller',
    {
      onRequest: create,
      schema: {
        ...describe('Create a member from a call; the name defaults to the number. Answers memberCount for that number'),
        body: memberFromCallerSchema,
        response: { 200: memberFromCallerResponseSchema, ...errors },
      },
    },
    async (request) => {
      // Agents often save the caller first and ask the name later; until then the number is the name.
      const input = { ...request.body, name: request.body.name || normalisePhoneNumber(request.body.phone_number) };
      const data = await repository(request).create(input);
      return { data, memberCount: await countByPhone(request.companyScope(), data.phone_number) };
    },
  );

  app.post(
    '/member/get-settings',
    {
      onRequest: read,
      schema: { ...describe('The member groups, levels and custom fields of the company'), response: { 200: memberSettingsSchema, ...errors } },
    },
    async (request) => loadMemberSettings(request.companyScope()),
  );
};
