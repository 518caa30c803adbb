import { eq } from 'drizzle-orm';
import type { TransferAction, TransferSource } from '../../../../src/api/contracts/transfer.contract';
import type { CompanyScope } from '../../db/company-scope';
import { transferHistory, transfers } from '../../db/schema';
import type { ForwardingState } from '../../telephony/driver';

/**
 * A forwarding as the transfers table holds it (src/api/contracts/transfer.contract.ts): the one source
 * of truth for call forwarding (docs/telephony.md "Call forwarding"). Pure rules and the history row.
 */
export interface TransferRow {
  id: number;
  companyId: number;
  extension: string;
  number: string;
  active: boolean;
  starts_at: string | null;
  ends_at: string | null;
  live: boolean;
}

/** The parts of a forwarding that decide whether calls are forwarded. */
export interface ForwardingTerms {
  active?: boolean | null;
  starts_at?: string | null;
  ends_at?: string | null;
}

const timeOf = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
};

/** Whether calls are forwarded at `now`: active, and within the period when one is given (end excluded). */
export function liveAt(terms: ForwardingTerms, now: Date): boolean {
  if (!terms.active) return false;
  const at = now.getTime();
  const starts = timeOf(terms.starts_at);
  const ends = timeOf(terms.ends_at);
  return (starts === null || starts <= at) && (ends === null || at < ends);
}

/** The state a history row keeps of each side of a change. */
export interface ForwardingSide {
  number: string;
  active: boolean;
  live: boolean;
}

export const NO_FORWARDING: ForwardingSide = { number: '', active: false, live: false };

export function sideOf(row: Pick<TransferRow, 'number' | 'active' | 'live'> | undefined | null): ForwardingSide {
  return row ? { number: row.number, active: row.active, live: row.live } : NO_FORWARDING;
}

export interface HistoryEntry {
  extension: string;
  action: TransferAction;
  before: ForwardingSide;
  after: ForwardingSide;
  source: TransferSource;
  userId: number | null;
}

/** Writes one transfer/history row, in the caller's transaction (the change's own). */
export async function writeForwardingHistory(scope: CompanyScope, entry: HistoryEntry): Promise<void> {
  await scope.insert(transferHistory, {
    extension: entry.extension,
    action: entry.action,
    number_before: entry.before.number,
    number_after: entry.after.number,
    active_before: entry.before.active,
    active_after: entry.after.active,
    live_before: entry.before.live,
    live_after: entry.after.live,
    source: entry.source,
    user_id: entry.userId,
  });
}

/** The company's forwarding of one extension, if any. */
export async function forwardingOf(scope: CompanyScope, extension: string): Promise<TransferRow | undefined> {
  const [row] = await scope.findMany(transfers, eq(transfers.extension!, extension));
  return row as unknown as TransferRow | undefined;
}

/** What checkTransfer answers for a record (or none). */
export function stateOf(row: Pick<TransferRow, 'live' | 'number'> | undefined): ForwardingState {
  return row?.live ? { transfer: true, number: row.number } : { transfer: false, number: '' };
}
