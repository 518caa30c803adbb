import { asc, isNotNull, isNull, ne } from 'drizzle-orm';
import { IVR_DEFAULTS } from '../../../../src/api/contracts/ivr.contract';
import type { RouteTarget } from '../../../../src/api/routing/routing.contract';
import type { RoutingConfig, TimeConditionOfRouting } from '../../../../src/api/routing/route-call';
import type { CompanyScope } from '../../db/company-scope';
import { blacklistEntries, callbackGroups, inboundNumbers, ivrs, queues, ringGroups, timeConditions, users } from '../../db/schema';
import { normalisePhoneNumber } from '../../lib/phone';

/**
 * A company's routing as its records say now: the staged routing (docs/routing.md). `routing/simulate`
 * reads it; Apply copies it into `routing_applied`, which the PBX follows.
 */

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));
const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
const target = (value: unknown): RouteTarget | null => {
  if (!value || typeof value !== 'object') return null;
  const { type, target: to } = value as { type?: unknown; target?: unknown };
  return typeof type === 'string' ? ({ type, target: to === null || to === undefined ? null : String(to) } as RouteTarget) : null;
};
const byKey = (a: { number: string }, b: { number: string }) => a.number.localeCompare(b.number, undefined, { numeric: true });

const all = (scope: CompanyScope, table: Parameters<CompanyScope['findMany']>[0]) => scope.findMany(table) as Promise<Row[]>;

/** The routing of the records; the ring and callback groups are loadStagedRouting's, read once. */
async function routingOf(scope: CompanyScope, staged: Omit<StagedRouting, 'routing'>): Promise<RoutingConfig> {
  const [numbers, conditions, menus, queueRows, extensionRows, blocked] = await Promise.all([
    all(scope, inboundNumbers),
    all(scope, timeConditions),
    all(scope, ivrs),
    scope.db.select({ number: queues.number! }).from(queues).where(scope.where(queues)).orderBy(asc(queues.number!)),
    scope.db
      .select({ number: users.extension })
      .from(users)
      .where(scope.where(users, isNull(users.deletedAt), isNotNull(users.extension)))
      .orderBy(asc(users.extension)),
    scope.db.select({ number: blacklistEntries.phone_number! }).from(blacklistEntries).where(scope.where(blacklistEntries, ne(blacklistEntries.direction!, 'outbound'))),
  ]);
  return {
    inboundNumbers: numbers.map((row) => ({ number: text(row.number), name: text(row.name), destination: target(row.destination) })).sort(byKey),
    timeConditions: conditions
      .map((row) => ({
        id: Number(row.id),
        name: text(row.name),
        type: row.type as TimeConditionOfRouting['type'],
        start_weekday: numberOrNull(row.start_weekday),
        end_weekday: numberOrNull(row.end_weekday),
        start_month: numberOrNull(row.start_month),
        end_month: numberOrNull(row.end_month),
        start_date: numberOrNull(row.start_date),
        end_date: numberOrNull(row.end_date),
        start_hour: numberOrNull(row.start_hour),
        start_minute: numberOrNull(row.start_minute),
        end_hour: numberOrNull(row.end_hour),
        end_minute: numberOrNull(row.end_minute),
        destination: target(row.destination),
        sound_file_id: numberOrNull(row.sound_file_id),
        korean_holidays: row.korean_holidays === true,
      }))
      .sort((a, b) => a.id - b.id),
    ivrs: menus
      .map((row) => ({
        number: text(row.number),
        name: text(row.name),
        invalid_retries: numberOrNull(row.invalid_retries) ?? IVR_DEFAULTS.invalid_retries,
        options: (Array.isArray(row.options) ? (row.options as Row[]) : []).map((option) => ({ digit: text(option.digit), destination: target(option.destination) })),
        greeting_sound_file_id: numberOrNull(row.greeting_sound_file_id),
        timeout_s: numberOrNull(row.timeout_s),
        timeout_destination: target(row.timeout_destination),
        invalid_destination: target(row.invalid_destination),
      }))
      .sort(byKey),
    ringGroups: staged.ringGroups.map((group) => group.number).sort(),
    queues: queueRows.map((row) => text(row.number)),
    callbackGroups: staged.callbackGroups.map((group) => group.number).sort(),
    extensions: extensionRows.map((row) => row.number ?? '').filter((number) => number !== ''),
    blacklist: blocked.map((row) => normalisePhoneNumber(text(row.number))).sort(),
  };
}

export interface RingGroupDirectory {
  number: string;
  name: string;
  strategy: string;
  members: string[];
  /** How long the group rings (each member in turn, for the hunting strategies); blank: the default. Absent in copies applied before it was kept. */
  ring_time_s?: number | null;
  /** Where an unanswered call goes; null hangs up. Absent in copies applied before it was kept. */
  no_answer_destination?: RouteTarget | null;
}

export interface CallbackGroupRule {
  number: string;
  name: string;
  members: string[];
  callback_delay_s: number | null;
  max_attempts: number | null;
}

/** What Apply copies: the routing, the ring groups with their members for the PBX's directory, the callback groups. */
export interface StagedRouting {
  routing: RoutingConfig;
  ringGroups: RingGroupDirectory[];
  callbackGroups: CallbackGroupRule[];
}

export async function loadStagedRouting(scope: CompanyScope): Promise<StagedRouting> {
  const [rows, callbackRows] = await Promise.all([all(scope, ringGroups), all(scope, callbackGroups)]);
  const ringGroupRows = rows
    .map((row) => ({
      number: text(row.number),
      name: text(row.display_name),
      strategy: text(row.strategy),
      members: Array.isArray(row.members) ? (row.members as unknown[]).map(text) : [],
      ring_time_s: numberOrNull(row.ring_time_s),
      no_answer_destination: target(row.no_answer_destination),
    }))
    .sort(byKey);
  const callbackGroupRows = callbackRows
    .map((row) => ({
      number: text(row.number),
      name: text(row.name),
      members: Array.isArray(row.members) ? (row.members as unknown[]).map(text) : [],
      callback_delay_s: numberOrNull(row.callback_delay_s),
      max_attempts: numberOrNull(row.max_attempts),
    }))
    .sort(byKey);
  const groups = { ringGroups: ringGroupRows, callbackGroups: callbackGroupRows };
  return { routing: await routingOf(scope, groups), ...groups };
}

/** The routing alone, as its records say now. */
export async function loadRoutingConfig(scope: CompanyScope): Promise<RoutingConfig> {
  return (await loadStagedRouting(scope)).routing;
}
