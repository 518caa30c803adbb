import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate';

/**
 * A copy, in `work`, of the migrations folder as it was before `tag`: the SQL files are shared, the
 * journal stops short. For the tests of a migration that moves data: migrate to here, insert the old
 * shape, then migrate the rest.
 */
export async function migrationsBefore(work: string, tag: string): Promise<string> {
  const folder = path.join(work, 'migrations');
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index, `${tag} in the journal`).toBeGreaterThan(0);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}
