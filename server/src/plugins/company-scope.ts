import type { FastifyRequest } from 'fastify';
import { CompanyScope } from '../db/company-scope';
import { forbidden } from '../lib/errors';
import { globalPlugin } from '../lib/global-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's company scope (after `app.authenticate`). Answers 403 for a caller without a company
     * (the platform administrator), who must name a company explicitly through `companyScope()`.
     */
    companyScope(): CompanyScope;
  }
}

export const companyScopePlugin = globalPlugin('company-scope', async (app) => {
  app.decorateRequest('companyScope', function companyScope(this: FastifyRequest) {
    const companyId = this.auth.companyId;
    if (companyId === null) throw forbidden();
    return new CompanyScope(this.server.db, companyId);
  });
});
