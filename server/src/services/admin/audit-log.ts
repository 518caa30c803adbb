import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AUDIT_ACTIONS, AuditLogEntry, AuditLogListQuery } from '../../../../src/api/contracts/management.contract';

type AuditAction = (typeof AUDIT_ACTIONS)[number];
import { lastPageOf } from '../../../../src/api/resources/resource-contract';
import type { Database } from '../../db/client';
import { auditLog, companies, users } from '../../db/schema';

/**
 * The audit log (docs/administration.md): what the platform administrator did as someone else, and the
 * destroys of a company. Written in the transaction of the act itself (`db` is that transaction), read by
 * `management/audit-log/list`.
 */

/** The start of a day in Asia/Seoul (the product's days), `plusDays` later. */
const seoulMidnight = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+09:00`) + plusDays * 86_400_000);

export interface AuditEntry {
  actorUserId: number;
  action: AuditAction;
  targetUserId: number | null;
  targetCompanyId: number | null;
  ip: string | null;
  detail: Record<string, unknown>;
}

export async function writeAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** One page, newest first: filters `company_id`, `user_id` (the target), `actor_id`, `action`, days. */
export async function auditLogPage(db: Database, query: AuditLogListQuery): Promise<{ data: AuditLogEntry[]; current_page: number; per_page: number; total: number; last_page: number }> {
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  const conditions: (SQL | undefined)[] = [
    query.company_id === undefined ? undefined : eq(auditLog.targetCompanyId, query.company_id),
    query.user_id === undefined ? undefined : eq(auditLog.targetUserId, query.user_id),
    query.actor_id === undefined ? undefined : eq(auditLog.actorUserId, query.actor_id),
    query.action === undefined ? undefined : eq(auditLog.action, query.action),
    query.date_from === undefined ? undefined : gte(auditLog.createdAt, seoulMidnight(query.date_from)),
    query.date_to === undefined ? undefined : lt(auditLog.createdAt, seoulMidnight(query.date_to, 1)),
  ];
  const where = and(...conditions);
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 10;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({ entry: auditLog, actorName: actor.name, targetName: target.name, targetUsername: target.username, companyName: companies.name })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(target, eq(target.id, auditLog.targetUserId))
    .leftJoin(companies, eq(companies.id, auditLog.targetCompanyId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map(({ entry, actorName, targetName, targetUsername, companyName }) => ({
      id: entry.id,
      action: entry.action as AuditLogEntry['action'],
      actor_id: entry.actorUserId,
      actor_name: actorName,
      user_id: entry.targetUserId,
      user_name: targetName,
      username: targetUsername,
      company_id: entry.targetCompanyId,
      company_name: companyName,
      ip: entry.ip,
      detail: entry.detail,
      created_at: entry.createdAt.toISOString(),
    })),
    current_page: page,
    per_page: perPage,
    total,
    last_page: lastPageOf(total, perPage),
  };
}
