import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDatabaseEntity,
  adminNodeEntity,
  adminServerEntity,
  ctiServerChoicesResponseSchema,
  healthBodySchema,
  healthResponseSchema,
  type HealthResult,
  type PlatformServerEntity,
} from '../../../../src/api/contracts/admin-server.contract';
import { platformScope } from '../../db/platform-scope';
import { platformCtiServers, platformDatabaseServers, platformNodes } from '../../db/schema';
import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { notFound } from '../../lib/errors';
import { requireRole } from '../../plugins/permissions';
import { entityResource } from '../../resources/entity-resource';
import { registerResourceRoutes } from '../../resources/register-resource-routes';
import { checkCtiServer, checkDatabaseServer, checkNode, ctiServerUrl, type CtiServerRow, type DatabaseServerRow, type NodeRow } from '../../services/platform/health-checks';

type Probe = (app: FastifyInstance, row: Record<string, unknown>) => Promise<HealthResult>;

/** Each platform entity, its table and how its health is probed. */
const SERVERS: { entity: PlatformServerEntity; table: typeof platformCtiServers | typeof platformDatabaseServers | typeof platformNodes; probe: Probe; what: string }[] = [
  { entity: adminServerEntity, table: platformCtiServers, probe: (app, row) => checkCtiServer(app, row as unknown as CtiServerRow), what: 'GET of its dbCon (the built-in one: this app, in-process)' },
  {
    entity: adminDatabaseEntity,
    table: platformDatabaseServers,
    probe: (app, row) => checkDatabaseServer(app, app.config.databaseUrl, row as unknown as DatabaseServerRow),
    what: 'a `select 1` (with a user name) or a TCP connect (the built-in one: the app database, in-process)',
  },
  { entity: adminNodeEntity, table: platformNodes, probe: (app, row) => checkNode(app, row as unknown as NodeRow), what: 'a TCP connect to its host or domain and port (the built-in one: this app’s socket.io)' },
];

/**
 * The platform's servers (issue 20 item 4, docs/servers.md), admin only: `admin-server`, `admin-database`
 * and `admin-node` with the routes their descriptions derive (list, view, store, update, delete) over the
 * platform's own tables (PlatformScope: no company), `<path>/health` for each, and `admin-server/choices`
 * (the CTI servers a company may be given).
 */
export const adminServerRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = () => platformScope(app.db);
  const adminOnly = [app.authenticate, requireRole('admin')];
  for (const { entity, table, probe, what } of SERVERS) {
    registerResourceRoutes(app, entityResource(entity), { scope });
    app.post(
      `/${entity.path}/health`,
      {
        onRequest: adminOnly,
        schema: {
          tags: [entity.name],
          summary: `Admin only: probe a ${entity.name} now`,
          description: `Probes the server now (${what}), at most 2 s: \`{ status: up | down, latency_ms, checked_at, error? }\`.`,
          security: bearerSecurity,
          body: healthBodySchema,
          response: { 200: healthResponseSchema, ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema },
        },
      },
      async (request) => {
        const [row] = await scope().findMany(table as never, eq(table.id, request.body.id));
        if (!row) throw notFound();
        return { data: await probe(app, row as Record<string, unknown>) };
      },
    );
  }

  app.post(
    '/admin-server/choices',
    {
      onRequest: adminOnly,
      schema: {
        tags: [adminServerEntity.name],
        summary: 'Admin only: the CTI servers a company may use',
        description: 'Every CTI server by name with the address a company is given (`/cti` for the built-in one).',
        security: bearerSecurity,
        response: { 200: ctiServerChoicesResponseSchema, ...authErrorResponses },
      },
    },
    async () => {
      const rows = await scope().findMany(platformCtiServers as never);
      const sorted = (rows as (typeof platformCtiServers.$inferSelect)[]).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
      return { data: sorted.map((row) => ({ id: row.id, name: row.name, url: ctiServerUrl(row) })) };
    },
  );
};
