import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../lib/api-schemas';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/** Liveness and readiness in one: answers only when the database answers (503 with Retry-After when not). No token needed. */
export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, options) => {
  app.get(
    '/health',
    {
      schema: { tags: ['system'], summary: 'Health check', response: { 200: healthSchema, 500: errorResponseSchema, 503: errorResponseSchema.describe('The database cannot be reached (with Retry-After)') } },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.dbDriver, version: options.version };
    },
  );
};
