import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filePurpose } from '../../../src/api/contracts/download.contract';
import type { StoredFile } from '../../../src/api/entities/entity-fields';
import { idParamsSchema, type AnyResourceContract } from '../../../src/api/resources/resource-contract';
import type { CompanyOwnedTable } from '../db/company-scope';
import { authErrorResponses, errorResponseSchema, validationErrorSchema } from '../lib/api-schemas';
import { HttpError } from '../lib/errors';
import { contentDisposition } from '../routes/calls/recording-files';
import { downloadQueryFields } from '../routes/import-export/send-xlsx';
import { authenticateDownload } from '../services/downloads/download-auth';
import { entityFileInfo, readEntityFile } from '../services/files/entity-files';
import { parseRange } from '../services/recordings/recording-source';
import type { ServerResource } from './resource-definition';
import { ResourceRepository } from './resource-repository';

const fileNotFound = () => new HttpError(404, 'errors.file_not_found');

/**
 * `GET <path>/{id}/<route>` for each file field of a resource (docs/resources.md "File fields"): the
 * stored file, inline, with one byte range (`Range: bytes=a-b` → 206, `Accept-Ranges`, `Content-Range`)
 * so an <audio> element can seek. An audio element cannot send the bearer header: the URL carries a
 * download token of the purpose `<path>/<route>` bound to this `id` (POST /download-token, 10 minutes),
 * which is re-checked against the holder's login and the entity's read rule. The record must be one the
 * holder sees (another company's is a 404, as everywhere).
 */
export function registerFileRoutes<C extends AnyResourceContract, T extends CompanyOwnedTable>(app: FastifyInstance, definition: ServerResource<C, T>): void {
  const { contract } = definition;
  for (const [field, rule] of Object.entries(contract.files ?? {})) {
    app.withTypeProvider<ZodTypeProvider>().get(
      `/${contract.path}/:id/${rule.route}`,
      {
        onRequest: [authenticateDownload(filePurpose(contract, rule.route))],
        schema: {
          tags: [contract.entity],
          summary: `The ${contract.entity}'s ${field} (${rule.accept.join(', ')}), inline, with range requests (206); download token of purpose \`${filePurpose(contract, rule.route)}\` for this id in \`token\``,
          params: idParamsSchema,
          querystring: z.object(downloadQueryFields),
          response: {
            200: z.any().describe('The whole file (Content-Type from its content)'),
            206: z.any().describe('The requested byte range (Content-Range)'),
            ...authErrorResponses,
            404: errorResponseSchema,
            422: validationErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const scope = request.companyScope();
        const row = await new ResourceRepository(definition, scope, request.auth).getRow(request.params.id);
        const stored = (row as Record<string, unknown>)[field] as StoredFile | null;
        const info = stored ? await entityFileInfo(scope, contract.entity, request.params.id, field) : null;
        if (!stored || !info) throw fileNotFound();
        const range = parseRange(request.headers.range, info.size);
        const { start, end } = range ?? { start: 0, end: info.size - 1 };
        const bytes = info.size === 0 ? Buffer.alloc(0) : await readEntityFile(scope, contract.entity, request.params.id, field, start, end);
        if (!bytes) throw fileNotFound();
        reply
          .header('Content-Type', info.contentType)
          .header('Accept-Ranges', 'bytes')
          .header('ETag', `"${info.sha256}"`)
          .header('Content-Disposition', contentDisposition('inline', stored.name))
          .header('Content-Length', bytes.length);
        if (range) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${info.size}`);
        return reply.send(bytes);
      },
    );
  }
}
