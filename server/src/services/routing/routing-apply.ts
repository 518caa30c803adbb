import { eq, sql } from 'drizzle-orm';
import type { RoutingChange, RoutingPendingResponse, RoutingSection } from '../../../../src/api/routing/routing.contract';
import type { Database } from '../../db/client';
import { CompanyScope } from '../../db/company-scope';
import { routingApplied, users } from '../../db/schema';
import { loadStagedRouting, type StagedRouting } from './routing-config';

/**
 * Apply (docs/routing.md, specification section 4 "the run or apply button must be pressed"): routing
 * records are edited freely (the staged routing); Apply copies them into `routing_applied`, the copy the
 * PBX follows. Applies of one company queue behind a transaction-scoped advisory lock and each copies
 * the records as they are then, so two managers applying at once both get their changes in.
 */

type Keyed = { key: string; value: string }[];

/** JSON with object keys sorted: the live copy comes back from jsonb, which keeps keys in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : item,
  );
}

/** Each section's records by key, as text, for comparing the staged routing with the live one. */
function sectionsOf(staged: StagedRouting | null): Record<RoutingSection, Keyed> {
  const keyed = <T>(items: readonly T[] | undefined, key: (item: T) => string) => (items ?? []).map((item) => ({ key: key(item), value: canonical(item) }));
  return {
    inbound_numbers: keyed(staged?.routing.inboundNumbers, (n) => n.number),
    time_conditions: keyed(staged?.routing.timeConditions, (c) => c.name),
    ivrs: keyed(staged?.routing.ivrs, (ivr) => ivr.number),
    ring_groups: keyed(staged?.ringGroups, (group) => group.number),
    callback_groups: keyed(staged?.callbackGroups, (group) => group.number),
  };
}

export function changesBetween(live: StagedRouting | null, staged: StagedRouting): RoutingChange[] {
  const before = sectionsOf(live);
  const after = sectionsOf(staged);
  const changes: RoutingChange[] = [];
  for (const section of Object.keys(after) as RoutingSection[]) {
    const old = new Map(before[section].map((item) => [item.key, item.value]));
    const now = new Map(after[section].map((item) => [item.key, item.value]));
    for (const [key, value] of now) {
      if (!old.has(key)) changes.push({ section, key, change: 'added' });
      else if (old.get(key) !== value) changes.push({ section, key, change: 'changed' });
    }
    for (const key of old.keys()) if (!now.has(key)) changes.push({ section, key, change: 'removed' });
  }
  return changes;
}

interface AppliedRow {
  version: number;
  config: StagedRouting;
  appliedAt: Date;
  appliedBy: string | null;
}

async function appliedRow(scope: CompanyScope): Promise<AppliedRow | null> {
  const [row] = await scope.db
    .select({ version: routingApplied.version, config: routingApplied.config, appliedAt: routingApplied.appliedAt, appliedBy: users.name })
    .from(routingApplied)
    .leftJoin(users, eq(users.id, routingApplied.appliedBy))
    .where(scope.where(routingApplied))
    .limit(1);
  return row ? { ...row, config: row.config as StagedRouting } : null;
}

/** The routing the PBX follows for the company: the last one applied, null before the first Apply. */
export async function liveRouting(scope: CompanyScope): Promise<StagedRouting | null> {
  return (await appliedRow(scope))?.config ?? null;
}

function answer(row: AppliedRow | null, changes: RoutingChange[], routedBy: RoutedBy): RoutingPendingResponse {
  return { data: changes, version: row?.version ?? 0, applied_at: row?.appliedAt.toISOString() ?? null, applied_by: row?.appliedBy ?? null, routed_by: routedBy };
}

type RoutedBy = RoutingPendingResponse['routed_by'];

/** What Apply would change now. */
export async function pendingRouting(scope: CompanyScope, routedBy: RoutedBy): Promise<RoutingPendingResponse> {
  const [row, staged] = await Promise.all([appliedRow(scope), loadStagedRouting(scope)]);
  return answer(row, changesBetween(row?.config ?? null, staged), routedBy);
}

/** Makes the staged routing live; answers what it changed and the new version. */
export async function applyRouting(scope: CompanyScope, userId: number, routedBy: RoutedBy): Promise<RoutingPendingResponse> {
  const { changes } = await scope.db.transaction(async (tx) => {
    const locked = new CompanyScope(tx as unknown as Database, scope.companyId);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`routing:${scope.companyId}`}, 0))`);
    const [before, staged] = await Promise.all([appliedRow(locked), loadStagedRouting(locked)]);
    const now = new Date();
    const values = { version: (before?.version ?? 0) + 1, config: staged, appliedAt: now, appliedBy: userId, updatedAt: now };
    if (before) await locked.update(routingApplied, values, eq(routingApplied.companyId, scope.companyId));
    else await locked.insert(routingApplied, values);
    return { changes: changesBetween(before?.config ?? null, staged) };
  });
  return answer(await appliedRow(scope), changes, routedBy);
}
