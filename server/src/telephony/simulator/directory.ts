// A company's directory is configuration typed in by people: check it once, before any actor sees it.

import type { DirectoryGroup, TelephonyDirectory } from '../driver';
import { TelephonyError } from '../errors';
import { isDirectoryNumber } from '../phone-number';

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
  for (const group of [...queues, ...ringGroups]) {
    if (group.strategy !== 'ringall' && group.strategy !== 'roundrobin') {
      throw new TelephonyError('invalid_config', `${group.number}: strategy must be ringall or roundrobin`);
    }
    const unknown = group.members.find((m) => !extensionNumbers.has(m));
    if (unknown !== undefined) throw new TelephonyError('invalid_config', `${group.number}: member ${unknown} is not an extension`);
  }
  return { extensions, queues, ringGroups };
}

function copyGroup(group: DirectoryGroup): DirectoryGroup {
  const members = [...new Set((group.members ?? []).map(String))];
  return { number: String(group.number), name: group.name ?? String(group.number), strategy: group.strategy, members };
}
