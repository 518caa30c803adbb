import { eq } from 'drizzle-orm';
import { transfers } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import type { AnyServerResource } from '../../resources/resource-definition';
import { blacklistScreenOf } from '../../services/telephony/blacklist-screen';
import { companyHasExtension } from '../../services/telephony/company-directory';
import { liveAt, NO_FORWARDING, sideOf, writeForwardingHistory, type TransferRow } from '../../services/telephony/forwarding-state';

/**
 * What call forwarding adds to what its fields derive (src/api/contracts/transfer.contract.ts;
 * docs/telephony.md "Call forwarding"). The transfers screen writes through the entity routes; the CTI
 * API and the CTI bar through `app.forwarding.set`; both end in the same record, history and PBX.
 *
 * - An agent sees and changes only their own extension's forwarding (visibility: anyone else's is a
 *   404; writing another extension is a 422 under `extension`); a manager any extension of the company.
 * - The extension is a live user's extension of the company; the number is not the extension itself
 *   nor one the company's blacklist refuses.
 * - `live` is the server's: active and within the period (deriveOnWrite), flipped later by the schedule.
 * - Every write adds a transfer/history row in its transaction (source 'screen'); after the commit the
 *   PBX and the extension's CTI bar follow the record.
 */
export const transferParts: Partial<AnyServerResource> = {
  visibility: (caller) => (caller.role === 'agent' ? eq(transfers.extension!, caller.extension ?? '') : undefined),

  validate: async (scope, values, _existing, caller) => {
    const { extension, number } = values as { extension?: string; number?: string };
    if (!extension) return;
    if (caller?.role === 'agent' && extension !== caller.extension) throw fieldError('extension', 'validation.transfer_extension_own_only');
    if (!(await companyHasExtension(scope.db, scope.companyId, extension))) throw fieldError('extension', 'validation.transfer_extension_unknown');
    if (number && number === extension) throw fieldError('number', 'validation.transfer_number_self');
    if (number && (await blacklistScreenOf(scope.db).refuses(scope.companyId, number, 'outbound'))) throw fieldError('number', 'validation.transfer_number_blacklisted');
  },

  deriveOnWrite: (values, existing) => {
    const merged = { ...(existing as object | undefined), ...(values as object) } as TransferRow;
    return { live: liveAt(merged, new Date()) } as never;
  },

  afterWrite: async (scope, row, _input, change) => {
    const after = row as unknown as TransferRow;
    const before = change?.before as unknown as TransferRow | undefined;
    const userId = change?.caller?.userId ?? null;
    const moved = before !== undefined && before.extension !== after.extension;
    // Moved to another extension: the old one's forwarding ends, the new one's starts.
    if (moved) await writeForwardingHistory(scope, { extension: before.extension, action: 'deleted', before: sideOf(before), after: NO_FORWARDING, source: 'screen', userId });
    await writeForwardingHistory(scope, {
      extension: after.extension,
      action: before && !moved ? 'updated' : 'created',
      before: moved ? NO_FORWARDING : sideOf(before),
      after: sideOf(after),
      source: 'screen',
      userId,
    });
  },

  onDelete: [
    async (scope, row, caller) => {
      const before = row as unknown as TransferRow;
      await writeForwardingHistory(scope, { extension: before.extension, action: 'deleted', before: sideOf(before), after: NO_FORWARDING, source: 'screen', userId: caller?.userId ?? null });
    },
  ],

  afterCommit: async (app, { before, after }) => {
    const row = after as unknown as TransferRow;
    const old = before as unknown as TransferRow | undefined;
    if (old && old.extension !== row.extension) await app.forwarding.applied(old.companyId, old.extension);
    await app.forwarding.applied(row.companyId, row.extension);
  },

  afterDelete: async (app, row) => {
    const removed = row as unknown as TransferRow;
    await app.forwarding.applied(removed.companyId, removed.extension);
  },
};
