import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AnswerRates } from '../../../src/api/auto-call/answer-model';
import type { AutoCallRunStatus } from '../../../src/api/contracts/auto-call-run.contract';
import type { Database } from '../../src/db/client';
import { autoCallNumbers } from '../../src/db/schema/auto-call';
import { autoCallRuns } from '../../src/db/schema/auto-call-runs';
import { autoCallCampaigns } from '../../src/db/schema/entities';
import { post } from '../helpers/build-test-app';

/** 10:00 in Seoul on a Friday (01:00 UTC): inside the default 08:00–21:00 window. */
export const IN_WINDOW = Date.UTC(2026, 10, 27, 1, 0, 0);
/** 23:00 in Seoul (14:00 UTC): outside it. */
export const OUT_OF_WINDOW = Date.UTC(2026, 10, 27, 14, 0, 0);

/** Callees that decide within tens of milliseconds, so a run ends within seconds. */
export const FAST_CALLEES: AnswerRates = {
  human: 0.5,
  machine: 0.2,
  busy: 0.15,
  noAnswer: 0.15,
  answerDelay: { dist: 'fixed', meanMs: 40 },
  busyDelay: { dist: 'fixed', meanMs: 30 },
  talk: { dist: 'fixed', meanMs: 250 },
  amdDelay: { dist: 'fixed', meanMs: 10 },
  amdErrorRate: 0,
  ringTimeoutMs: 80,
};

/** Calls that take a few hundred milliseconds, so a run is still going when its process stops. */
export const SLOW_CALLEES: AnswerRates = {
  ...FAST_CALLEES,
  answerDelay: { dist: 'fixed', meanMs: 300 },
  busyDelay: { dist: 'fixed', meanMs: 200 },
  ringTimeoutMs: 400,
  talk: { dist: 'fixed', meanMs: 300 },
};

/** A test clock: fixed at `at` unless moved. */
export function testClock(at: number) {
  let now = at;
  return { now: () => now, set: (at2: number) => (now = at2) };
}

export interface CampaignSeed {
  name?: string;
  variant?: 'studymax' | 'public';
  extensions?: string[];
  multiple?: number;
  max_attempts?: number;
  retry_delay_s?: number;
  pacing?: 'preview' | 'progressive' | 'predictive';
}

export async function createCampaign(db: Database, companyId: number, seed: CampaignSeed = {}): Promise<number> {
  const [row] = await db
    .insert(autoCallCampaigns)
    .values({
      companyId,
      name: seed.name ?? 'Runner test',
      variant: seed.variant ?? 'studymax',
      caller_id: '0215880000',
      multiple: seed.multiple ?? 1,
      extensions: seed.extensions ?? ['1001', '1002'],
      pacing: seed.pacing ?? 'progressive',
      max_attempts: seed.max_attempts ?? 1,
      retry_delay_s: seed.retry_delay_s ?? 600,
    } as never)
    .returning({ id: autoCallCampaigns.id });
  return row!.id as number;
}

export async function addNumbers(db: Database, companyId: number, campaignId: number, phones: string[]): Promise<void> {
  await db.insert(autoCallNumbers).values(phones.map((phoneNumber) => ({ companyId, campaignId, phoneNumber })));
}

export const phones = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);

export async function numbersOf(db: Database, campaignId: number) {
  return db
    .select({ id: autoCallNumbers.id, phone: autoCallNumbers.phoneNumber, attempts: autoCallNumbers.attempts, result: autoCallNumbers.result, uniqueid: autoCallNumbers.uniqueid })
    .from(autoCallNumbers)
    .where(eq(autoCallNumbers.campaignId, campaignId))
    .orderBy(autoCallNumbers.id);
}

export async function runRow(db: Database, campaignId: number) {
  const [row] = await db.select().from(autoCallRuns).where(eq(autoCallRuns.campaignId, campaignId));
  return row;
}

export async function campaignState(db: Database, companyId: number, campaignId: number): Promise<string> {
  const [row] = await db
    .select({ state: autoCallCampaigns.state! })
    .from(autoCallCampaigns)
    .where(and(eq(autoCallCampaigns.companyId, companyId), eq(autoCallCampaigns.id, campaignId)));
  return row?.state as string;
}

export async function runAction(app: FastifyInstance, action: string, id: number, token: string) {
  return post(app, `/auto-call/${action}`, { id }, { token });
}

export async function statusOf(app: FastifyInstance, id: number, token: string): Promise<AutoCallRunStatus> {
  const response = await post(app, '/auto-call/status', { id }, { token });
  if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}: ${response.body}`);
  return response.json<{ data: AutoCallRunStatus }>().data;
}

/** Polls `probe` until it answers something truthy, or fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
