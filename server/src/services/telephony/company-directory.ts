import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queueMembers, queues, routingApplied, users } from '../../db/schema';
import type { StagedRouting } from '../routing/routing-config';
import { forgetInboundRouting } from '../routing/route-inbound';
import type { DirectoryGroup, TelephonyDirectory } from '../../telephony/driver';
import { isDirectoryNumber } from '../../telephony/phone-number';

/**
 * A company's telephony directory as the database knows it: every live user's extension, and the
 * company's queues with their members. The database is the one source of truth; the PBX gets a copy
 * (`driver.configure`) when its driver is created and whenever `/cti/v1/users/save-extensions` asks.
 *
 * Rows typed in by people can contradict each other (a queue member without a user, a queue number that
 * is also an extension). Those rows are left out rather than refusing the whole company's telephony:
 * one bad row must not take every agent's phone down.
 */
export async function loadCompanyDirectory(db: Database, companyId: number): Promise<TelephonyDirectory> {
  // A reload follows an Apply: the PBX reads the routing afresh too.
  forgetInboundRouting(companyId);
  const extensionRows = await db
    .select({ number: users.extension, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deletedAt), isNotNull(users.extension)))
    .orderBy(asc(users.extension));
  const extensions = extensionRows
    .filter((row): row is { number: string; name: string } => isDirectoryNumber(row.number))
    .map((row) => ({ number: row.number, name: row.name }));
  const extensionNumbers = new Set(extensions.map((e) => e.number));

  const queueRows = await db.select().from(queues).where(eq(queues.companyId, companyId)).orderBy(asc(queues.number));
  const memberRows = await db
    .select({ queueId: queueMembers.queueId, extension: queueMembers.extension })
    .from(queueMembers)
    .where(eq(queueMembers.companyId, companyId))
    .orderBy(asc(queueMembers.id));

  const groups: DirectoryGroup[] = queueRows
    .filter((queue) => isDirectoryNumber(queue.number) && !extensionNumbers.has(queue.number))
    .map((queue) => ({
      number: queue.number,
      name: queue.name,
      strategy: queue.strategy === 'roundrobin' ? 'roundrobin' : 'ringall',
      members: memberRows.filter((m) => m.queueId === queue.id && extensionNumbers.has(m.extension)).map((m) => m.extension),
    }));
  return { extensions, queues: groups, ringGroups: await appliedRingGroups(db, companyId, extensionNumbers, new Set(groups.map((g) => g.number))) };
}

/**
 * The ring groups of the company's live routing (docs/routing.md "Apply"), as the built-in PBX rings
 * them: members that are extensions (it has no trunk to ring outside numbers on), ringall or, for the
 * hunting strategies, one member at a time in order.
 */
async function appliedRingGroups(db: Database, companyId: number, extensions: ReadonlySet<string>, queueNumbers: ReadonlySet<string>): Promise<DirectoryGroup[]> {
  const [row] = await db.select({ config: routingApplied.config }).from(routingApplied).where(eq(routingApplied.companyId, companyId)).limit(1);
  const groups = (row?.config as StagedRouting | undefined)?.ringGroups ?? [];
  return groups
    .filter((group) => isDirectoryNumber(group.number) && !extensions.has(group.number) && !queueNumbers.has(group.number))
    .map((group) => ({
      number: group.number,
      name: group.name || group.number,
      strategy: group.strategy === 'ringall' ? 'ringall' : 'roundrobin',
      members: group.members.filter((member) => extensions.has(member)),
    }));
}

/** Whether `extension` is a live user's extension in the company (the rule for managers and targets). */
export async function companyHasExtension(db: Database, companyId: number, extension: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.extension, extension), isNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/** The caller's own extension, null when they have none. */
export async function ownExtensionOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ extension: users.extension }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.extension ?? null;
}
