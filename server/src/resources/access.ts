import type { FastifyRequest } from 'fastify';
import { allows } from '../../../src/api/resources/resource-access';
import type { AccessRule } from '../../../src/api/resources/resource-contract';
import { forbidden, HttpError, unauthenticated } from '../lib/errors';
import type { MessageId } from '../lib/i18n';

/**
 * onRequest hook after `app.authenticate`: 403 when the caller may not do the operation. A rule with
 * `companyDenied` says so when only the company's permission is missing.
 */
export function requireAccess(rule: AccessRule) {
  return async (request: FastifyRequest): Promise<void> => {
    const auth = request.authOrNull;
    if (!auth) throw unauthenticated();
    if (allows(auth, rule)) return;
    const { companyPermission, companyDenied, ...withoutCompany } = rule;
    if (companyDenied && companyPermission && allows(auth, withoutCompany)) throw new HttpError(403, companyDenied as MessageId);
    throw forbidden();
  };
}
