import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { bearerSecurity } from '../../lib/api-schemas';
import { forbidden } from '../../lib/errors';
import { actingExtension, type ActingExtension } from '../../services/telephony/extension-access';
import { ctiErrorResponses, type ActingQuery } from './cti-schemas';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which query field a driver's `invalid_number` is reported on (default `number`). */
    ctiNumberField?: string;
  }
}

type Hook = (request: FastifyRequest) => Promise<void>;

/** The platform administrator has no company, hence no extension: 403 before the query is even read. */
export const requireCompanyUser: Hook = async (request) => {
  if (request.auth.companyId === null) throw forbidden();
};

export interface CtiActionSpec<Q extends z.ZodType<ActingQuery>, R extends z.ZodType> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  summary: string;
  query: Q;
  response: R;
  /** Extra checks after authentication (e.g. the listen permission), so they answer 403 before 422. */
  onRequest?: Hook[];
  numberField?: string;
  /** Runs after the body is parsed, before the query is validated (queueReset reads a form field too). */
  preValidation?: Hook;
  run: (acting: ActingExtension, query: z.output<Q>, request: FastifyRequest) => Promise<z.input<R>>;
}

/**
 * One CTI action: bearer token, company user, zod query, the acting-extension rule (agent: own
 * extension; manager: any of the company's), then the action. Keeps each route to its one line of intent.
 */
export function ctiAction<Q extends z.ZodType<ActingQuery>, R extends z.ZodType>(app: FastifyInstance, spec: CtiActionSpec<Q, R>): void {
  app.route({
    method: spec.method,
    url: spec.url,
    onRequest: [app.authenticate, requireCompanyUser, ...(spec.onRequest ?? [])],
    config: { ctiNumberField: spec.numberField ?? 'number' },
    ...(spec.preValidation ? { preValidation: spec.preValidation } : {}),
    schema: {
      tags: ['cti'],
      summary: spec.summary,
      security: bearerSecurity,
      querystring: spec.query,
      response: { 200: spec.response, ...ctiErrorResponses },
    },
    handler: async (request) => {
      const query = request.query as z.output<Q>;
      const acting = await actingExtension(app.db, request.auth, query.extension);
      return spec.run(acting, query, request);
    },
  });
}
