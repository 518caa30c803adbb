import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyApiKeyContract, companyApiKeyCreatedSchema, companyApiKeyInput, companyApiKeyListQuerySchema, companyApiKeyPageSchema, MANAGEMENT_PATHS } from '../../../../src/api/contracts/management.contract';
import { idBodySchema, idParamsSchema, recordResponseSchema } from '../../../../src/api/resources/resource-contract';
import { successResultSchema } from '../../lib/api-schemas';
import { requireRole } from '../../plugins/permissions';
import type { ParsedListQuery } from '../../resources/list-query';
import { companyApiKeyPage, issueCompanyApiKey, revokeCompanyApiKey } from '../../services/admin/company-api-key-admin';
import { disconnectFamilySockets } from '../../services/users/user-sessions';
import { describe, errorAnswers } from './management-kit';

const tag = companyApiKeyContract.entity;
const { path } = companyApiKeyContract;

/**
 * `management/api-key` (CONTRACT §10, docs/administration.md): the company API keys `company/login`
 * signs in with, for the platform administrator only. List, store (the secret answered once), and
 * revoke by `delete/{id}` (the resource convention) or `revoke { id }`: the row stays, marked revoked.
 */
export const managementApiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = [app.authenticate, requireRole('admin')];

  app.post(
    `/${path}/list`,
    {
      onRequest: guard,
      schema: {
        ...describe(tag, 'every company’s API keys', 'The page of CONTRACT §3: search over the name, filters `company_id` and `status` (`active`, `revoked`), sort by created_at (default, newest first), name, company_name or last_used_at. Never the secret.'),
        body: companyApiKeyListQuerySchema,
        response: { 200: companyApiKeyPageSchema, ...errorAnswers },
      },
    },
    async (request) => companyApiKeyPage(app.db, request.body as ParsedListQuery),
  );

  app.post(
    `/${path}/store`,
    {
      onRequest: guard,
      schema: {
        ...describe(tag, 'issue a company API key', 'Answers the record with the secret `key`: the only answer that ever carries it (only its SHA-256 is kept). 422 under `company_id` for an unknown or deleted company.'),
        body: companyApiKeyInput,
        response: { 200: recordResponseSchema(companyApiKeyCreatedSchema), ...errorAnswers },
      },
    },
    async (request) => ({ data: await issueCompanyApiKey(app.db, request.body) }),
  );

  const revoke = async (id: number) => {
    const { families } = await revokeCompanyApiKey(app.db, id);
    await disconnectFamilySockets(app, families);
    return { result: 'success' as const };
  };
  const revokeDescription = 'The key stops signing in at once (`company/login` answers 401) and the logins it started end; the key stays listed as revoked.';
  app.post(
    `/${path}/delete/:id`,
    { onRequest: guard, schema: { ...describe(tag, 'revoke a company API key', revokeDescription), params: idParamsSchema, response: { 200: successResultSchema, ...errorAnswers } } },
    async (request) => revoke(request.params.id),
  );
  app.post(
    `/${MANAGEMENT_PATHS.apiKeyRevoke}`,
    { onRequest: guard, schema: { ...describe(tag, 'revoke a company API key (same as delete/{id})', revokeDescription), body: idBodySchema, response: { 200: successResultSchema, ...errorAnswers } } },
    async (request) => revoke(request.body.id),
  );
};
