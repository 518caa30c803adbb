import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

/** Upper bound for one uploaded file (member imports, sound files); per-route checks go further. */
const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * Third-party plugins, registered first so every later route is documented (swagger hooks onRoute)
 * and every body type is parsed. OpenAPI is generated from the routes' zod schemas (CONTRACT §3).
 */
export async function registerExternalPlugins(app: FastifyInstance, version: string): Promise<void> {
  // `POST /refresh-token` takes the form field `refresh_token` (specification §7).
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 50 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Call-centre API', version, description: 'CTI and CRM API. Errors: see docs/api.md.' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
