import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { CompanyScope } from '../../db/company-scope';
import { users } from '../../db/schema';
import type { CallbackCallPayload } from '../../../../src/api/contracts/callback.contract';
import type { DialResult } from '../../telephony/driver';
import { TelephonyError } from '../../telephony/errors';
import { EXTEN_LOGGED_IN, STATUS, type ExtensionState } from '../../telephony/status-codes';
import { autoCallbackRule } from './auto-callback-rules';
import { claimDueTries, connectTry, failTry, notePlacedTry, settledTries, stopHandledTries, type ClaimedTry } from './auto-callback-store';

/** What the runner asks of the PBX: `app.telephony`, which forwards to the process holding it. */
export interface AutoCallbackTelephony {
  command(companyId: number, name: 'load', ext: string): Promise<ExtensionState>;
  command(companyId: number, name: 'clickToCall', ext: string, number: string): Promise<DialResult>;
}

export interface AutoCallbackRunnerOptions {
  db: Database;
  telephony: AutoCallbackTelephony;
  onError: (error: unknown) => void;
  /** Tells the agent's phone which callback its call is (the outbound pop-up with the callback). */
  notify?: (companyId: number, payload: CallbackCallPayload) => void;
  /** How often the table is polled. @default 1000 */
  pollMs?: number;
}

/** Registered, available and not on a call: what a queue would ring (status 0 only then). */
const isFree = (state: ExtensionState) => state.exten_status === EXTEN_LOGGED_IN && state.status === STATUS.available;

/**
 * Runs the automatic callbacks of callback groups (docs/calls.md "Automatic callbacks"). Every app
 * process runs one: each poll claims the due tries (atomically, see auto-callback-store.ts), rings a
 * free member of the group through click-to-call (the agent's phone first, then the caller, carrying
 * the callback's id), and settles the tries the call log has news of. No timer of its own outlives a
 * poll: the schedule is the table.
 */
export class AutoCallbackRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: AutoCallbackRunnerOptions) {}

  start(): void {
    if (this.closed || this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.pollMs ?? 1000);
    this.timer.unref();
  }

  /** One poll; a poll still running is joined rather than doubled. */
  tick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.running ??= this.poll()
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Stops polling and waits for the poll in flight (the app's onClose, before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async poll(): Promise<void> {
    const { db } = this.options;
    await stopHandledTries(db);
    for (const outcome of await settledTries(db)) {
      if (outcome.answered && outcome.uniqueid && outcome.extension) await connectTry(db, outcome.companyId, outcome.id, outcome.uniqueid, outcome.extension);
      else await failTry(db, outcome.companyId, outcome.id, outcome.uniqueid);
    }
    for (const claimed of await claimDueTries(db)) {
      if (this.closed) break;
      await this.attempt(claimed).catch(async (error: unknown) => {
        // The PBX refusing the call (the member just got busy, a blacklisted number) is a failed try
        // like any other; anything else is worth a log line too.
        if (!(error instanceof TelephonyError)) this.options.onError(error);
        await failTry(db, claimed.companyId, claimed.id, null);
      });
    }
  }

  /** One try: the first free member (the assigned agent first) is rung; nobody free, it counts as failed. */
  private async attempt(claimed: ClaimedTry): Promise<void> {
    const { db, telephony } = this.options;
    const scope = new CompanyScope(db, claimed.companyId);
    const rule = claimed.autoGroup ? await autoCallbackRule(scope, claimed.autoGroup) : null;
    const extension = rule ? await this.freeMember(scope, claimed, rule.members) : null;
    if (!extension) return failTry(db, claimed.companyId, claimed.id, null);
    const { uniqueid } = await telephony.command(claimed.companyId, 'clickToCall', extension, claimed.phoneNumber);
    await notePlacedTry(db, claimed, extension, uniqueid);
    this.options.notify?.(claimed.companyId, { extension, uniqueid, callback_id: claimed.id, phone_number: claimed.phoneNumber });
  }

  private async freeMember(scope: CompanyScope, claimed: ClaimedTry, members: string[]): Promise<string | null> {
    const assigned = claimed.assignedUserId === null ? null : await extensionOf(scope, claimed.assignedUserId);
    const order = assigned && members.includes(assigned) ? [assigned, ...members.filter((m) => m !== assigned)] : members;
    for (const ext of order) {
      // An extension the PBX does not know, or a PBX that does not answer, is not free.
      const state = await this.options.telephony.command(claimed.companyId, 'load', ext).catch(() => null);
      if (state && isFree(state)) return ext;
    }
    return null;
  }
}

async function extensionOf(scope: CompanyScope, userId: number): Promise<string | null> {
  const [row] = await scope.db.select({ extension: users.extension }).from(users).where(scope.where(users, eq(users.id, userId))).limit(1);
  return row?.extension ?? null;
}
