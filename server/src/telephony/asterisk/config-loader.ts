// Writes a configuration file through AMI (manager.c's CreateConfig, ListCategories, UpdateConfig),
// so a whole file is replaced at once:
//   1. CreateConfig of a staging file (an Error saying it exists is fine);
//   2. ListCategories of it, so what an earlier load left there can be deleted;
//   3. UpdateConfig on the staging file: DelCat of each old category, then NewCat and Append per line,
//      split so no action carries more than MAX_OPERATIONS (Asterisk reads at most 128 headers of a
//      message and silently drops the rest);
//   4. UpdateConfig from the staging file to the real one with no operations: a copy, so the file
//      Asterisk reloads is never half written.
// The reload is the caller's (pbx_config, app_queue). Any Response: Error rejects with TelephonyError.

import { TelephonyError } from '../errors';
import { header, type AmiClient } from './ami-client';
import type { AmiAction } from './ami-protocol';
import { MAX_VALUE_LENGTH, type ConfigSection } from './config-sections';

/** Each operation takes up to four headers (Action-, Cat-, Var-, Value-): 25 of them stay under 128. */
export const MAX_OPERATIONS = 25;

type Operation = { action: 'DelCat' | 'NewCat'; cat: string } | { action: 'Append'; cat: string; variable: string; value: string };

const counter = (n: number) => String(n).padStart(6, '0');

function operationHeaders(op: Operation, index: number): AmiAction {
  const n = counter(index);
  const headers: AmiAction = [
    [`Action-${n}`, op.action],
    [`Cat-${n}`, op.cat],
  ];
  if (op.action === 'Append') headers.push([`Var-${n}`, op.variable], [`Value-${n}`, op.value]);
  return headers;
}

/** The UpdateConfig actions that make `file` hold exactly `sections`, after deleting `existing` categories. */
export function updateConfigActions(file: string, existing: readonly string[], sections: readonly ConfigSection[]): AmiAction[] {
  const tooLong = sections.flatMap((section) => section.lines).find((line) => line.value.length > MAX_VALUE_LENGTH);
  // Asterisk would drop the whole action without saying which line: refuse it here instead.
  if (tooLong) throw new TelephonyError('invalid_config', `a ${tooLong.key} line of ${tooLong.value.length} characters is too long for AMI`);
  const operations: Operation[] = [
    // One DelCat per name: it deletes every category of that name, so a second would find none.
    ...[...new Set(existing)].map((cat): Operation => ({ action: 'DelCat', cat })),
    ...sections.flatMap((section): Operation[] => [
      { action: 'NewCat', cat: section.name },
      // A value starting with '>' is written as `key => value` (manager.c, handle_updates).
      ...section.lines.map((line): Operation => ({ action: 'Append', cat: section.name, variable: line.key, value: `${line.object ? '>' : ''}${line.value}` })),
    ]),
  ];
  const actions: AmiAction[] = [];
  for (let start = 0; start < operations.length; start += MAX_OPERATIONS) {
    const chunk = operations.slice(start, start + MAX_OPERATIONS);
    actions.push([['Action', 'UpdateConfig'], ['SrcFilename', file], ['DstFilename', file], ...chunk.flatMap((op, index) => operationHeaders(op, index))]);
  }
  return actions;
}

/** The staging file beside `file`, named so a `#include extensions_callcentre_*.conf` does not pick it up. */
export const stagingFileOf = (file: string) => `staging_${file}`;

async function categoriesOf(client: AmiClient, file: string): Promise<string[]> {
  const { response } = await client.send([['Action', 'ListCategories'], ['Filename', file]]);
  return Object.keys(response)
    .filter((key) => /^Category-\d{6}$/i.test(key))
    .sort()
    .map((key) => header(response, key) ?? '')
    .filter((name) => name !== '');
}

export async function writeConfigFile(client: AmiClient, file: string, sections: readonly ConfigSection[]): Promise<void> {
  const staging = stagingFileOf(file);
  try {
    await client.send([['Action', 'CreateConfig'], ['Filename', staging]]);
  } catch (error) {
    // Asterisk answers strerror(EEXIST) for a file already there: the usual case after the first load.
    if (!(error instanceof TelephonyError && error.code === 'pbx_error' && /exists/i.test(error.message))) throw error;
  }
  const existing = await categoriesOf(client, staging);
  for (const action of updateConfigActions(staging, existing, sections)) await client.send(action);
  await client.send([['Action', 'UpdateConfig'], ['SrcFilename', staging], ['DstFilename', file]]);
}
