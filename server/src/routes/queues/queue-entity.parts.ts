import type { FastifyInstance } from 'fastify';
import { FieldValidationError } from '../../lib/errors';
import type { MessageId } from '../../lib/i18n';
import type { AnyServerResource } from '../../resources/resource-definition';
import { companyHasExtension } from '../../services/telephony/company-directory';
import { routingParts } from '../routing/routing-number.parts';

/**
 * What the queue entity adds (docs/queues.md "Queues"): its number kept apart from the other routing
 * numbers and extensions, its overflow destination checked like the routing entities', its members
 * live users' extensions of the company, each once; and every change reaching the PBX and the boards at
 * once: queues are live from the database (ring groups wait for the routing's Apply), so the company's
 * directory is reloaded after each store, update and delete. Best effort: a PBX that is down gets the
 * directory when its driver is created again.
 */
const routing = routingParts('queue', ['overflow_destination']);

const reloadPbx = async (app: FastifyInstance, row: unknown) => {
  const companyId = (row as { companyId?: number }).companyId;
  if (typeof companyId !== 'number') return;
  // The boards of this process show the change at once (others read the queues again within 5 s).
  app.queues.boards.forgetConfig(companyId);
  await app.telephony.reloadDirectory(companyId).catch((error: unknown) => app.log.warn({ error }, 'queue saved; the PBX directory reload failed'));
};

export const queueEntityParts: Partial<AnyServerResource> = {
  ...routing,
  validate: async (scope, values, existing, caller) => {
    const problems: Record<string, MessageId[]> = {};
    const members = (values as { members?: unknown }).members;
    if (Array.isArray(members)) {
      const seen = new Set<string>();
      for (const [index, member] of (members as { extension?: string }[]).entries()) {
        const extension = member.extension ?? '';
        if (extension === '') continue;
        if (seen.has(extension)) problems[`members.${index}.extension`] = ['validation.queue_member_twice'];
        else if (!(await companyHasExtension(scope.db, scope.companyId, extension))) problems[`members.${index}.extension`] = ['validation.queue_member_unknown'];
        seen.add(extension);
      }
    }
    try {
      await routing.validate?.(scope, values, existing, caller);
    } catch (error) {
      if (!(error instanceof FieldValidationError)) throw error;
      Object.assign(problems, error.fieldErrors);
    }
    if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
  },
  afterCommit: (app, change) => reloadPbx(app, change.after),
  afterDelete: (app, row) => reloadPbx(app, row),
};
