// A company's directory is configuration typed in by people: check it once, before any actor sees it.

import type { CallDestination, DirectoryGroup, RingStrategy, TelephonyDirectory } from '../driver';
import { TelephonyError } from '../errors';
import { isDirectoryNumber } from '../phone-number';

const QUEUE_STRATEGIES: readonly RingStrategy[] = ['ringall', 'leastrecent', 'fewestcalls', 'rrmemory', 'linear', 'random', 'roundrobin'];
const RING_GROUP_STRATEGIES: readonly RingStrategy[] = ['ringall', 'hunt', 'memoryhunt', 'firstavailable'];
/** An outside number a ring group rings through the trunk: digits, as the ring group's form takes them. */
const OUTSIDE_NUMBER = /^[0-9]{1,20}$/;
const MAX_RING_TIME_S = 300;
/** A day: longer settings are typos, not queues. */
const MAX_QUEUE_SECONDS = 86_400;

export function validateDirectory(directory: TelephonyDirectory): Required<TelephonyDirectory> {
  const extensions = (directory.extensions ?? []).map((e) => ({ number: String(e.number), name: String(e.name ?? '') }));
  const queues = (directory.queues ?? []).map(copyGroup);
  const ringGroups = (directory.ringGroups ?? []).map(copyGroup);
  const taken = new Set<string>();
  for (const number of [...extensions.map((e) => e.number), ...queues.map((g) => g.number), ...ringGroups.map((g) => g.number)]) {
    if (!isDirectoryNumber(number)) throw new TelephonyError('invalid_config', `${number} is not a 2 to 10 digit number`);
    if (taken.has(number)) throw new TelephonyError('invalid_config', `${number} is used twice`);
    taken.add(number);
  }
  const extensionNumbers = new Set(extensions.map((e) => e.number));
  for (const queue of queues) {
    if (!QUEUE_STRATEGIES.includes(queue.strategy)) throw new TelephonyError('invalid_config', `${queue.number}: strategy must be one of ${QUEUE_STRATEGIES.join(', ')}`);
    const unknown = queue.members.find((m) => !extensionNumbers.has(m));
    if (unknown !== undefined) throw new TelephonyError('invalid_config', `${queue.number}: member ${unknown} is not an extension`);
    checkQueueSettings(queue);
  }
  for (const group of ringGroups) checkRingGroup(group, extensionNumbers, taken);
  return { extensions, queues, ringGroups };
}

/** Members are extensions or outside numbers (never another queue or group); ring time 1–300 s. */
function checkRingGroup(group: DirectoryGroup, extensions: ReadonlySet<string>, numbers: ReadonlySet<string>): void {
  if (!RING_GROUP_STRATEGIES.includes(group.strategy)) {
    throw new TelephonyError('invalid_config', `${group.number}: strategy must be ringall, hunt, memoryhunt or firstavailable`);
  }
  const bad = group.members.find((m) => !extensions.has(m) && (numbers.has(m) || !OUTSIDE_NUMBER.test(m)));
  if (bad !== undefined) throw new TelephonyError('invalid_config', `${group.number}: member ${bad} is neither an extension nor an outside number`);
  const ringTimeS = group.ringTimeS;
  if (ringTimeS !== undefined && (!Number.isInteger(ringTimeS) || ringTimeS < 1 || ringTimeS > MAX_RING_TIME_S)) {
    throw new TelephonyError('invalid_config', `${group.number}: ring time must be 1 to ${MAX_RING_TIME_S} seconds`);
  }
}

/** Penalties are whole numbers from 0; wrap-up 0 s to a day; the maximum wait 1 s to a day. */
function checkQueueSettings(queue: DirectoryGroup): void {
  const bad = (value: number | undefined, min: number) => value !== undefined && (!Number.isInteger(value) || value < min || value > MAX_QUEUE_SECONDS);
  const penalty = Object.entries(queue.penalties ?? {}).find(([, p]) => !Number.isInteger(p) || p < 0);
  if (penalty) throw new TelephonyError('invalid_config', `${queue.number}: penalty of ${penalty[0]} must be a whole number from 0`);
  if (bad(queue.wrapupS, 0)) throw new TelephonyError('invalid_config', `${queue.number}: wrap-up must be 0 to ${MAX_QUEUE_SECONDS} seconds`);
  if (bad(queue.maxWaitS, 1)) throw new TelephonyError('invalid_config', `${queue.number}: maximum wait must be 1 to ${MAX_QUEUE_SECONDS} seconds`);
}

function copyGroup(group: DirectoryGroup): DirectoryGroup {
  const members = [...new Set((group.members ?? []).map(String))];
  const copy: DirectoryGroup = { number: String(group.number), name: group.name ?? String(group.number), strategy: group.strategy, members };
  if (group.ringTimeS !== undefined && group.ringTimeS !== null) copy.ringTimeS = Number(group.ringTimeS);
  if (group.noAnswer) copy.noAnswer = copyDestination(group.noAnswer);
  if (group.penalties) copy.penalties = Object.fromEntries(Object.entries(group.penalties).map(([ext, p]) => [String(ext), Number(p)]));
  if (group.wrapupS !== undefined && group.wrapupS !== null) copy.wrapupS = Number(group.wrapupS);
  if (group.maxWaitS !== undefined && group.maxWaitS !== null) copy.maxWaitS = Number(group.maxWaitS);
  return copy;
}

function copyDestination(destination: CallDestination): CallDestination {
  return { type: String(destination.type), target: destination.target === null || destination.target === undefined ? null : String(destination.target) };
}
