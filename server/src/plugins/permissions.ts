import type { FastifyRequest } from 'fastify';
import type { CompanyPermission, Role, UserPermission } from '../../../src/api/permissions/catalogue';
import { can } from '../../../src/api/permissions/check';
import { forbidden, unauthenticated } from '../lib/errors';

/**
 * Route hooks for permission checks, built on the shared rules (src/api/permissions/check.ts) so the
 * server and the client can never disagree. Put them after `app.authenticate`:
 * `onRequest: [app.authenticate, requirePermission('members')]`.
 */

type Hook = (request: FastifyRequest) => Promise<void>;

/** Specification §6: a manager passes the user check; with a company permission both must pass. */
export function requirePermission(permission: UserPermission, companyPermission?: CompanyPermission): Hook {
  return async (request) => {
    const auth = request.authOrNull;
    if (!auth) throw unauthenticated();
    if (!can(auth, permission, companyPermission)) throw forbidden();
  };
}

export function requireRole(...roles: Role[]): Hook {
  return async (request) => {
    const auth = request.authOrNull;
    if (!auth) throw unauthenticated();
    if (!roles.includes(auth.role)) throw forbidden();
  };
}

/**
 * Resetting a queue (`queue/reset`, the CTI API's `queueReset`): refused to an agent whose manager hid
 * the reset button (the specification's "hide reset button for queues" toggle), as the button is hidden.
 */
export const requireQueueReset: Hook = async (request) => {
  const auth = request.authOrNull;
  if (!auth) throw unauthenticated();
  if (auth.role === 'agent' && auth.permissions.includes('hide_queue_reset_button')) throw forbidden();
};
