import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportPurpose } from '../../../src/api/contracts/download.contract';
import {
  allResponseSchema,
  idBodySchema,
  idParamsSchema,
  listQuerySchema,
  offers,
  pageSchema,
  recordResponseSchema,
  resourcePaths,
  updateBodySchema,
  type AnyResourceContract,
  type ParsedInputOf,
  type ResourceOperation,
  type WriteOperation,
} from '../../../src/api/resources/resource-contract';
import type { CompanyOwnedTable, CompanyScope } from '../db/company-scope';
import {
  authErrorResponses,
  bearerSecurity,
  errorResponseSchema,
  successResultSchema,
  validationErrorSchema,
} from '../lib/api-schemas';
import { authenticateDownload } from '../services/downloads/download-auth';
import { datedFileName, downloadLanguage, downloadQueryFields, sendXlsx } from '../routes/import-export/send-xlsx';
import { requireAccess } from './access';
import { registerFileRoutes } from './entity-file-routes';
import { readEntityUpload } from './entity-uploads';
import type { ParsedListQuery } from './list-query';
import type { ServerResource } from './resource-definition';
import { ResourceRepository } from './resource-repository';

/**
 * Registers a resource's CRUD routes from its definition (Infisical's shared route registration): a zod
 * schema on every body, parameter and answer (so OpenAPI at /api/docs describes them), the contract's
 * permission check per operation, and the caller's company scope on every query.
 *
 *   POST <path>            all (optional, `routes.all`)    { data, truncated }
 *   POST <path>/list       one page                         { data, current_page, per_page, total, last_page }
 *   POST <path>/view       { id }                           { data }
 *   POST <path>/store      input                            { data }
 *   POST <path>/update     { id, ...input }                 { data }
 *   POST <path>/delete/:id                                  { result: 'success' }
 *   POST <path>/:id        (optional, `routes.byId`)        { data }
 *   GET  <path>/export     (optional, `export`)             .xlsx of the list's search, filters and sort
 *
 * Writes the contract does not offer (`operations`) have no route. The definition's `visibility` narrows
 * every query to what the caller may see, and its `routes` plugin adds the entity's own.
 *
 * Register entity-specific routes (static paths) in the same plugin; Fastify prefers static segments
 * over `:id`, so `<path>/company/:name` and `<path>/:id` coexist.
 */
export function registerResourceRoutes<C extends AnyResourceContract, T extends CompanyOwnedTable>(
  app: FastifyInstance,
  definition: ServerResource<C, T>,
  options: { scope?: (request: FastifyRequest) => CompanyScope } = {},
): void {
  const { contract } = definition;
  const scopeOf = options.scope ?? ((request: FastifyRequest) => request.companyScope());
  const zapp = app.withTypeProvider<ZodTypeProvider>();
  const paths = resourcePaths(contract);
  const guard = (operation: ResourceOperation) => [app.authenticate, requireAccess(contract.access[operation])];
  const repository = (request: FastifyRequest) => new ResourceRepository(definition, scopeOf(request), request.auth);
  const describe = (summary: string) => ({ tags: [contract.entity], summary, security: bearerSecurity });
  const errors = { ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema };
  const record = contract.record;
  const listBody = listQuerySchema(contract);
  // A write the contract offers gets its generic route unless the resource carries its own (users).
  const generic = (operation: WriteOperation) => offers(contract, operation) && !definition.ownRoutes?.includes(operation);
  // File fields (docs/resources.md "File fields"): store and update read multipart, each file in a part
  // named as its field; an update may also be JSON (no new file: the stored one stays).
  const files = contract.files && Object.keys(contract.files).length > 0 ? contract.files : null;
  const readUploads = files ? readEntityUpload(files) : null;
  const fileNote = files
    ? ` (multipart/form-data: ${Object.entries(files)
        .map(([name, rule]) => `\`${name}\` ${rule.accept.join('/')} at most ${Math.round(rule.maxBytes / 1024 / 1024)} MB, checked by content`)
        .join(', ')}; the other fields as form fields)`
    : '';

  if (contract.routes?.all) {
    zapp.post(
      `/${paths.all}`,
      {
        onRequest: guard('read'),
        schema: { ...describe(`All ${contract.entity} records (search, sort and filters as in the list)`), body: listBody, response: { 200: allResponseSchema(record), ...errors } },
      },
      async (request) => repository(request).all(request.body as ParsedListQuery),
    );
  }

  zapp.post(
    `/${paths.list}`,
    {
      onRequest: guard('read'),
      schema: { ...describe(`One page of ${contract.entity} records`), body: listBody, response: { 200: pageSchema(record), ...errors } },
    },
    async (request) => repository(request).page(request.body as ParsedListQuery),
  );

  if (contract.routes?.view !== false) zapp.post(
    `/${paths.view}`,
    {
      onRequest: guard('read'),
      schema: { ...describe(`One ${contract.entity}`), body: idBodySchema, response: { 200: recordResponseSchema(record), ...errors } },
    },
    async (request) => ({ data: await repository(request).get(request.body.id) }),
  );

  if (generic('create')) zapp.post(
    `/${paths.store}`,
    {
      onRequest: guard('create'),
      ...(readUploads ? { preValidation: readUploads } : {}),
      schema: {
        ...describe(`Create a ${contract.entity}${fileNote}`),
        ...(files ? { consumes: ['multipart/form-data'] } : {}),
        body: contract.input,
        // Store may say more than the record, once (a secret: docs/resources.md "Secrets").
        response: { 200: recordResponseSchema(contract.createdRecord ?? record), ...errors },
      },
    },
    async (request) => {
      const { record: created, change } = await repository(request).createChange(request.body as ParsedInputOf<C>);
      await definition.afterCommit?.(app, change);
      return { data: created };
    },
  );

  if (generic('update')) zapp.post(
    `/${paths.update}`,
    {
      onRequest: guard('update'),
      ...(readUploads ? { preValidation: readUploads } : {}),
      schema: {
        ...describe(`Update a ${contract.entity}${contract.renameField ? ` (a rename updates the records that use the old ${contract.renameField})` : ''}${fileNote}`),
        ...(files ? { consumes: ['multipart/form-data', 'application/json'] } : {}),
        body: updateBodySchema(contract),
        response: { 200: recordResponseSchema(record), ...errors },
      },
    },
    async (request) => {
      const { id, ...input } = request.body as { id: number } & ParsedInputOf<C>;
      const { record: updated, change } = await repository(request).updateChange(id, input as ParsedInputOf<C>);
      await definition.afterCommit?.(app, change);
      return { data: updated };
    },
  );

  if (generic('delete')) zapp.post(
    `/${contract.path}/delete/:id`,
    {
      onRequest: guard('delete'),
      schema: { ...describe(`Delete a ${contract.entity}`), params: idParamsSchema, response: { 200: successResultSchema, ...errors } },
    },
    async (request) => {
      const removed = await repository(request).remove(request.params.id);
      await definition.afterDelete?.(app, removed);
      return { result: 'success' as const };
    },
  );

  if (contract.export) registerExport(app, definition);
  if (files) registerFileRoutes(app, definition);
  if (definition.routes) void app.register(definition.routes);

  if (contract.routes?.byId) {
    zapp.post(
      `/${contract.path}/:id`,
      {
        onRequest: guard('read'),
        schema: { ...describe(`One ${contract.entity} by id`), params: idParamsSchema, response: { 200: recordResponseSchema(record), ...errors } },
      },
      async (request) => ({ data: await repository(request).get(request.params.id) }),
    );
  }
}

/** The most rows an export answers: far beyond a page, bounded so one request cannot build any size of workbook. */
export const EXPORT_LIMIT = 10_000;

/**
 * `GET <path>/export`, opened in a new tab with a download token of purpose `<entity>-export` bound to the
 * list's search, filters and sort (docs/api.md "Downloads"); the sheet in the page's language (`lang`).
 */
function registerExport<C extends AnyResourceContract, T extends CompanyOwnedTable>(app: FastifyInstance, definition: ServerResource<C, T>): void {
  const { contract, exportSheet, exportQuery } = definition;
  if (!exportSheet && !exportQuery) throw new Error(`${contract.entity} offers an export but has no exportSheet`);
  const query = listQuerySchema(contract).omit({ page: true, per_page: true }).extend(downloadQueryFields);
  app.withTypeProvider<ZodTypeProvider>().get(
    `/${resourcePaths(contract).export}`,
    {
      onRequest: [authenticateDownload(exportPurpose(contract))],
      schema: {
        tags: [contract.entity],
        summary: `The ${contract.entity} records matching the list's search and filters, as .xlsx (new tab, download token in \`token\`)`,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        querystring: query,
        response: { 200: z.any().describe('The .xlsx file (attachment)'), ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { token: _token, lang: _lang, ...list } = request.query as ParsedListQuery & { token?: string; lang?: string };
      const language = downloadLanguage(request);
      const fileName = datedFileName(definition.exportFileName ?? contract.entity);
      if (exportQuery) return sendXlsx(reply, await exportQuery(request.companyScope(), list, language, definition), fileName);
      const repository = new ResourceRepository(definition, request.companyScope(), request.auth);
      const { records } = await repository.upTo(EXPORT_LIMIT, list);
      return sendXlsx(reply, await exportSheet!(records, language), fileName);
    },
  );
}
