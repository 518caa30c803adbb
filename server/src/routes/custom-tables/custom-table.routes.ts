import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CUSTOM_TABLE_PATHS,
  customTableListSchema,
  customTableSettingsSchema,
  customTableUpdateBodySchema,
  customTableViewBodySchema,
} from '../../../../src/api/contracts/custom-table.contract';
import type { AccessRule } from '../../../../src/api/resources/resource-contract';
import { authErrorResponses, bearerSecurity, validationErrorSchema } from '../../lib/api-schemas';
import { requireAccess } from '../../resources/access';
import { loadCustomTable, loadCustomTables, resetCustomTable, saveCustomTable } from './custom-table-store';

/** Every user of the company reads them (their lists apply them); managers change them, like all configuration. */
const READ: AccessRule = { roles: ['manager', 'agent'] };
const WRITE: AccessRule = { roles: ['manager'] };

const describe = (summary: string) => ({ tags: ['custom-table'], summary, security: bearerSecurity });
const errors = { ...authErrorResponses, 422: validationErrorSchema };
const oneTable = z.object({ data: customTableSettingsSchema });

/** /configuration/custom-tables/*: which columns of the four lists the company shows, in what order. */
export const customTableRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = [app.authenticate, requireAccess(READ)];
  const write = [app.authenticate, requireAccess(WRITE)];

  app.post(
    `/${CUSTOM_TABLE_PATHS.list}`,
    { onRequest: read, schema: { ...describe('The column settings of every table'), response: { 200: customTableListSchema, ...errors } } },
    async (request) => ({ data: await loadCustomTables(request.companyScope()) }),
  );

  app.post(
    `/${CUSTOM_TABLE_PATHS.view}`,
    { onRequest: read, schema: { ...describe('The column settings of one table'), body: customTableViewBodySchema, response: { 200: oneTable, ...errors } } },
    async (request) => ({ data: await loadCustomTable(request.companyScope(), request.body.table) }),
  );

  app.post(
    `/${CUSTOM_TABLE_PATHS.update}`,
    {
      onRequest: write,
      schema: { ...describe('Save the columns of one table, in order, with their visibility'), body: customTableUpdateBodySchema, response: { 200: oneTable, ...errors } },
    },
    async (request) => ({ data: await saveCustomTable(request.companyScope(), request.body.table, request.body.columns, request.auth.userId) }),
  );

  app.post(
    `/${CUSTOM_TABLE_PATHS.reset}`,
    { onRequest: write, schema: { ...describe('Back to the default columns'), body: customTableViewBodySchema, response: { 200: oneTable, ...errors } } },
    async (request) => ({ data: await resetCustomTable(request.companyScope(), request.body.table) }),
  );
};
