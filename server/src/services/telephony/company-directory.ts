import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { routingApplied, users } from '../../db/schema';
import { companyScope } from '../../db/company-scope';
import { loadCompanyQueues } from '../queues/company-queues';
import type { StagedRouting } from '../routing/routing-config';
import { forgetInboundRouting } from '../routing/route-inbound';
import type { CallDestination, DirectoryGroup, RingStrategy, TelephonyDirectory } from '../../telephony/driver';
import { isDirectoryNumber } from '../../telephony/phone-number';
import { RING_GROUP_DEFAULT_RING_TIME_S } from '../../../../src/api/contracts/ring-group.contract';

/**
 * A company's telephony directory as the database knows it: every live user's extension, and the
 * company's queues with their members (and penalties), wrap-up, maximum wait and overflow. The database
 * is the one source of truth; the PBX gets a copy
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

  const queueRows = await loadCompanyQueues(companyScope(db, companyId));
  const groups: DirectoryGroup[] = queueRows
    .filter((queue) => isDirectoryNumber(queue.number) && !extensionNumbers.has(queue.number))
    .map((queue) => {
      const members = queue.members.filter((m) => extensionNumbers.has(m.extension));
      const group: DirectoryGroup = {
        number: queue.number,
        name: queue.name,
        strategy: queue.strategy,
        members: members.map((m) => m.extension),
        penalties: Object.fromEntries(members.filter((m) => m.penalty > 0).map((m) => [m.extension, m.penalty])),
      };
      if (queue.wrapup_s) group.wrapupS = queue.wrapup_s;
      if (queue.max_wait_s) group.maxWaitS = queue.max_wait_s;
      if (queue.announce_sound_file_id !== null || queue.announce_position) group.announce = { soundFileId: queue.announce_sound_file_id, position: queue.announce_position, everyS: queue.announce_every_s };
      if (queue.overflow_destination) group.noAnswer = { type: queue.overflow_destination.type, target: queue.overflow_destination.target ?? null };
      return group;
    });
  return { extensions, queues: groups, ringGroups: await appliedRingGroups(db, companyId, extensionNumbers, new Set(groups.map((g) => g.number))) };
}

const RING_GROUP_STRATEGIES: readonly RingStrategy[] = ['ringall', 'hunt', 'memoryhunt', 'firstavailable'];

/**
 * The ring groups of the company's live routing (docs/routing.md "Apply"), as the built-in PBX rings
 * them: their strategy, ring time (the default when blank), members that are extensions or outside
 * numbers (rung through the trunk), and where an unanswered call goes.
 */
async function appliedRingGroups(db: Database, companyId: number, extensions: ReadonlySet<string>, queueNumbers: ReadonlySet<string>): Promise<DirectoryGroup[]> {
  const [row] = await db.select({ config: routingApplied.config }).from(routingApplied).where(eq(routingApplied.companyId, companyId)).limit(1);
  const groups = ((row?.config as StagedRouting | undefined)?.ringGroups ?? []).filter(
    (group) => isDirectoryNumber(group.number) && !extensions.has(group.number) && !queueNumbers.has(group.number),
  );
  const groupNumbers = new Set([...queueNumbers, ...groups.map((group) => group.number)]);
  const extensionLengths = new Set([...extensions].map((number) => number.length));
  const isMember = (member: string) => extensions.has(member) || (isOutsideNumber(member, extensionLengths) && !groupNumbers.has(member));
  return groups.map((group) => {
    const strategy = RING_GROUP_STRATEGIES.find((known) => known === group.strategy) ?? 'ringall';
    const ringTimeS = group.ring_time_s ?? RING_GROUP_DEFAULT_RING_TIME_S;
    const noAnswer: CallDestination | null = group.no_answer_destination
      ? { type: group.no_answer_destination.type, target: group.no_answer_destination.target ?? null }
      : null;
    return { number: group.number, name: group.name || group.number, strategy, members: group.members.filter(isMember), ringTimeS, noAnswer };
  });
}

/**
 * A ring group member that is no extension is an outside number, unless it looks like one of the
 * company's own numbers (the length of its extensions, not starting with 0): that is an extension whose
 * user has gone, and dialling it out through the trunk would ring a stranger.
 */
function isOutsideNumber(member: string, extensionLengths: ReadonlySet<number>): boolean {
  if (!/^[0-9]{1,20}$/.test(member)) return false;
  return member.startsWith('0') || !extensionLengths.has(member.length);
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
