import type { FastifyRequest } from 'fastify';
import { allows } from '../../../src/api/resources/resource-access';
import type { AccessRule } from '../../../src/api/resources/resource-contract';
import { forbidden, unauthenticated } from '../lib/errors';

/** onRequest hook after `app.authenticate`: 403 when the caller may not do the operation. */
export function requireAccess(rule: AccessRule) {
  return async (request: FastifyRequest): Promise<void> => {
    const auth = request.authOrNull;
    if (!auth) throw unauthenticated();
    if (!allows(auth, rule)) throw forbidden();
  };
}
