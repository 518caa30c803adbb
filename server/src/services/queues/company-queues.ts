import { QUEUE_STRATEGIES, type QueueStrategy } from '../../../../src/api/contracts/queue.contract';
import type { Destination } from '../../../../src/api/entities/entity-fields';
import type { CompanyScope } from '../../db/company-scope';
import { queues } from '../../db/schema';

/** A queue of the company as its readers use it (the entity's record, typed; docs/queues.md "Queues"). */
export interface CompanyQueue {
  id: number;
  number: string;
  name: string;
  strategy: QueueStrategy;
  /** In the order the manager listed them; a blank penalty is 0. */
  members: { extension: string; penalty: number }[];
  wrapup_s: number | null;
  service_level_s: number | null;
  max_wait_s: number | null;
  overflow_destination: Destination | null;
  hold_music_sound_file_id: number | null;
  announce_sound_file_id: number | null;
  announce_position: boolean;
  announce_every_s: number | null;
  enabled: boolean;
  /** Set from the queue board (`queue/label`): the board's short name and its colour thresholds. */
  board_label: string | null;
  wait_warning_s: number | null;
  wait_danger_s: number | null;
}

type Row = Record<string, unknown>;

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function membersOf(value: unknown): CompanyQueue['members'] {
  if (!Array.isArray(value)) return [];
  return (value as Row[])
    .filter((member) => typeof member?.extension === 'string' && member.extension !== '')
    .map((member) => ({ extension: member.extension as string, penalty: numberOrNull(member.penalty) ?? 0 }));
}

function destinationOf(value: unknown): Destination | null {
  const d = value as Row | null;
  if (!d || typeof d.type !== 'string') return null;
  return { type: d.type, target: d.target === null || d.target === undefined ? null : String(d.target) } as Destination;
}

/** One row of the `queues` table, typed (an unknown strategy rings all, as the PBX would). */
export function companyQueueOf(row: Row): CompanyQueue {
  const strategy = QUEUE_STRATEGIES.find((known) => known === row.strategy) ?? 'ringall';
  return {
    id: Number(row.id),
    number: String(row.number ?? ''),
    name: String(row.name ?? ''),
    strategy,
    members: membersOf(row.members),
    wrapup_s: numberOrNull(row.wrapup_s),
    service_level_s: numberOrNull(row.service_level_s),
    max_wait_s: numberOrNull(row.max_wait_s),
    overflow_destination: destinationOf(row.overflow_destination),
    hold_music_sound_file_id: numberOrNull(row.hold_music_sound_file_id),
    announce_sound_file_id: numberOrNull(row.announce_sound_file_id),
    announce_position: row.announce_position === true,
    announce_every_s: numberOrNull(row.announce_every_s),
    enabled: row.enabled !== false,
    board_label: typeof row.board_label === 'string' && row.board_label !== '' ? row.board_label : null,
    wait_warning_s: numberOrNull(row.wait_warning_s),
    wait_danger_s: numberOrNull(row.wait_danger_s),
  };
}

/** The company's queues by number (the PBX directory, the boards, the user info and the routing read them). */
export async function loadCompanyQueues(scope: CompanyScope): Promise<CompanyQueue[]> {
  const rows = (await scope.findMany(queues)) as Row[];
  return rows.map(companyQueueOf).sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }));
}
