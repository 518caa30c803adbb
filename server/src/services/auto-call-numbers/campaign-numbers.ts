import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { AUTO_CALL_RESULTS, type AutoCallCounts, type AutoCallResult, type AutoCallState } from '../../../../src/api/contracts/auto-call.contract';
import { recordIdNumber } from '../../../../src/api/contracts/input-bounds';
import type { CompanyScope } from '../../db/company-scope';
import { autoCallNumbers } from '../../db/schema';
import { autoCallCampaigns } from '../../db/schema/entities';
import { fieldError, HttpError, notFound } from '../../lib/errors';

/**
 * The numbers of the company's auto-call campaigns (CONTRACT §13, docs/auto-call.md): the campaign they
 * belong to, checked for the caller's company (another company's answers 404, like a missing one) and,
 * for a change, not running; a page of them; the counts of each result per campaign; every one for the
 * export; and deleting them all. Every query carries the company's id.
 */

export interface CampaignForNumbers {
  id: number;
  name: string;
  state: AutoCallState;
}

/**
 * The caller's company's campaign `id` (a form field's text or a number). `change`: adding numbers,
 * refused while the campaign runs (409: pause or cancel it first; a resumed run takes in what was
 * added). `delete`: deleting them, refused while it runs and while it is paused (the paused run still
 * holds numbers it dialled and will retry).
 */
export async function campaignForNumbers(scope: CompanyScope, id: unknown, purpose: 'read' | 'change' | 'delete'): Promise<CampaignForNumbers> {
  if (id === undefined || id === null || id === '') throw fieldError('campaign_id', 'validation.auto_call_campaign_required');
  const parsed = recordIdNumber().safeParse(typeof id === 'string' ? Number(id.trim()) : id);
  if (!parsed.success) throw fieldError('campaign_id', 'validation.id_invalid');
  const [campaign] = await scope.db
    .select({ id: autoCallCampaigns.id, name: autoCallCampaigns.name!, state: autoCallCampaigns.state! })
    .from(autoCallCampaigns)
    .where(and(eq(autoCallCampaigns.companyId, scope.companyId), eq(autoCallCampaigns.id, parsed.data)));
  if (!campaign) throw notFound();
  const found = campaign as unknown as CampaignForNumbers;
  if (purpose !== 'read' && found.state === 'on_going') throw new HttpError(409, 'auto-call.numbers_locked_running');
  if (purpose === 'delete' && found.state === 'paused') throw new HttpError(409, 'auto-call.numbers_locked_paused');
  return found;
}

const ofCampaign = (scope: CompanyScope, campaignId: number, ...more: (SQL | undefined)[]) =>
  and(eq(autoCallNumbers.companyId, scope.companyId), eq(autoCallNumbers.campaignId, campaignId), ...more);

/** `pending`: numbers without a result yet. */
export type NumberResultFilter = AutoCallResult | 'pending' | undefined;
const resultCondition = (result: NumberResultFilter) => (result === undefined ? undefined : result === 'pending' ? isNull(autoCallNumbers.result) : eq(autoCallNumbers.result, result));

/**
 * The company's member with the number (the lowest id when several have it), found when the number is
 * read: a member added or deleted after the upload is seen as they are now, and the upload writes no link
 * (one index lookup per row read instead of a lookup and a foreign-key check per row written).
 */
// Qualified by hand: drizzle names a one-table query's columns bare, which inside the subquery would be the member's.
const memberOfNumber = sql<number | null>`(select min(m.id) from members m where m.company_id = "auto_call_numbers"."company_id" and m.phone_number = "auto_call_numbers"."phone_number")`.mapWith(
  (value: unknown) => (value === null ? null : Number(value)),
);

const NUMBER_COLUMNS = {
  id: autoCallNumbers.id,
  phone_number: autoCallNumbers.phoneNumber,
  member_id: memberOfNumber,
  attempts: autoCallNumbers.attempts,
  result: autoCallNumbers.result,
  last_attempt_at: autoCallNumbers.lastAttemptAt,
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A page of a campaign's numbers in the order they were added (the pagination shape of §3). */
export async function numbersPage(scope: CompanyScope, campaignId: number, page: number, perPage: number, result?: NumberResultFilter) {
  const where = ofCampaign(scope, campaignId, resultCondition(result));
  const [{ total = 0 } = {}] = await scope.db.select({ total: count() }).from(autoCallNumbers).where(where);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const rows = await scope.db
    .select(NUMBER_COLUMNS)
    .from(autoCallNumbers)
    .where(where)
    .orderBy(asc(autoCallNumbers.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map((row) => ({ ...row, result: row.result ?? null, last_attempt_at: iso(row.last_attempt_at as Date | string | null) })),
    current_page: page,
    per_page: perPage,
    total,
    last_page: lastPage,
  };
}

/** Every number of a campaign, in batches (the export). */
export async function* allNumbers(scope: CompanyScope, campaignId: number, batch = 5000) {
  let after = 0;
  for (;;) {
    const rows = await scope.db
      .select(NUMBER_COLUMNS)
      .from(autoCallNumbers)
      .where(ofCampaign(scope, campaignId, sql`${autoCallNumbers.id} > ${after}`))
      .orderBy(asc(autoCallNumbers.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...row, last_attempt_at: iso(row.last_attempt_at as Date | string | null) }));
    after = rows[rows.length - 1]!.id;
    if (rows.length < batch) return;
  }
}

/** Per campaign of the company (or of `campaignIds`): how many numbers, how many without a result, each result. */
export async function numberCounts(scope: CompanyScope, campaignIds?: readonly number[]): Promise<AutoCallCounts[]> {
  if (campaignIds && campaignIds.length === 0) return [];
  const rows = await scope.db
    .select({ campaignId: autoCallNumbers.campaignId, result: autoCallNumbers.result, n: count() })
    .from(autoCallNumbers)
    .where(and(eq(autoCallNumbers.companyId, scope.companyId), campaignIds ? inArray(autoCallNumbers.campaignId, [...campaignIds]) : undefined))
    .groupBy(autoCallNumbers.campaignId, autoCallNumbers.result);
  const byCampaign = new Map<number, AutoCallCounts>();
  const countsOf = (campaignId: number) => {
    let counts = byCampaign.get(campaignId);
    if (!counts) {
      counts = { campaign_id: campaignId, total: 0, pending: 0, results: Object.fromEntries(AUTO_CALL_RESULTS.map((r) => [r, 0])) as AutoCallCounts['results'] };
      byCampaign.set(campaignId, counts);
    }
    return counts;
  };
  for (const campaignId of campaignIds ?? []) countsOf(campaignId);
  for (const row of rows) {
    const counts = countsOf(row.campaignId);
    counts.total += row.n;
    if (row.result === null) counts.pending += row.n;
    else counts.results[row.result] += row.n;
  }
  return [...byCampaign.values()].sort((a, b) => a.campaign_id - b.campaign_id);
}

/** Removes every number of the campaign; answers how many went. */
export async function deleteNumbers(scope: CompanyScope, campaignId: number): Promise<number> {
  const deleted = await scope.db.delete(autoCallNumbers).where(ofCampaign(scope, campaignId)).returning({ id: autoCallNumbers.id });
  return deleted.length;
}
