import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  saveExtensionsSchema,
  showAgentNameResponseSchema,
  showAgentNameSchema,
  showAgentNamesResponseSchema,
  showAgentNamesSchema,
  usedExtensionsResponseSchema,
  userExtensionsResponseSchema,
} from '../../../../src/api/contracts/user-actions.contract';
import { successResultSchema } from '../../lib/api-schemas';
import { requireRole } from '../../plugins/permissions';
import {
  agentNamesByExtension,
  listUsedExtensions,
  listUserExtensions,
  saveUserExtensions,
} from '../../services/users/user-extensions';
import { usersDeps } from '../../services/users/users-deps';
import { describe, errorAnswers, manageUsers } from './user-route-kit';

/** Extensions and who holds them; names by extension (specification §7 users calls). */
export const userExtensionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = usersDeps(app);
  const managers = [app.authenticate, manageUsers];
  // Queue boards and call screens show colleagues' names: any user of the company may ask.
  const companyUsers = [app.authenticate, requireRole('manager', 'agent')];

  app.post(
    '/users/extensions',
    { onRequest: managers, schema: { ...describe('Every live user of the company and the extension they hold'), response: { 200: userExtensionsResponseSchema, ...errorAnswers } } },
    async (request) => ({ data: await listUserExtensions(request.companyScope()) }),
  );

  app.post(
    '/users/used-extensions',
    { onRequest: managers, schema: { ...describe('The extension numbers live users hold'), response: { 200: usedExtensionsResponseSchema, ...errorAnswers } } },
    async (request) => ({ data: await listUsedExtensions(request.companyScope()) }),
  );

  app.post(
    '/users/save-extensions',
    {
      onRequest: managers,
      schema: {
        ...describe(
          'Give several users new extensions at once, then reload the PBX directory',
          'Checked as a whole, so users may swap extensions; an extension is required (it cannot be taken away). A clash or a blank answers 422 under `extensions.<index>.extension`.',
        ),
        body: saveExtensionsSchema,
        response: { 200: successResultSchema, ...errorAnswers },
      },
    },
    async (request) => {
      await saveUserExtensions(request.companyScope(), deps, request.body.extensions);
      return { result: 'success' as const };
    },
  );

  app.post(
    '/users/show-agent-name',
    {
      onRequest: companyUsers,
      schema: { ...describe('The name of the user holding an extension (null when nobody does)'), body: showAgentNameSchema, response: { 200: showAgentNameResponseSchema, ...errorAnswers } },
    },
    async (request) => {
      const { extension } = request.body;
      const names = await agentNamesByExtension(request.companyScope(), [extension]);
      return { extension, name: names[extension] ?? null };
    },
  );

  app.post(
    '/users/show-agent-names',
    {
      onRequest: companyUsers,
      schema: {
        ...describe('Names by extension for many extensions; ones nobody holds are left out'),
        body: showAgentNamesSchema,
        response: { 200: showAgentNamesResponseSchema, ...errorAnswers },
      },
    },
    async (request) => ({ data: await agentNamesByExtension(request.companyScope(), request.body.extensions) }),
  );
};
