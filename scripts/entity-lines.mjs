#!/usr/bin/env node
// Hand-written lines per entity of the catalogue (issue 16's measure, docs/benchmarks.md "Lines per
// entity"): the description, its lines in the two shared files (catalogue, schema), what its client view
// and server parts add, and its messages. Blank lines are not counted; tests and generated migrations
// are not hand-written code of the entity and are left out.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const read = (path) => readFileSync(join(root, path), 'utf8');
const codeLines = (text) => text.split('\n').filter((line) => line.trim() !== '').length;
const sourcesIn = (dir) =>
  existsSync(join(root, dir)) ? readdirSync(join(root, dir)).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f)).map((f) => join(dir, f)) : [];

const catalogue = read('src/api/entities/entity-catalogue.ts');
const schema = read('server/src/db/schema/entities.ts');
const parts = read('server/src/resources/entity-parts.ts');
const en = JSON.parse(read('src/i18n/messages/en.json'));

const rows = [];
for (const file of readdirSync(join(root, 'src/api/contracts')).filter((f) => f.endsWith('.contract.ts'))) {
  const text = read(join('src/api/contracts', file));
  const named = /defineEntity\(\{\s*name:\s*'([^']+)'/g;
  const exportsOf = [...text.matchAll(/export const (\w+Entity) = defineEntity/g)].map((m) => m[1]);
  const names = [...text.matchAll(named)].map((m) => m[1]);
  if (names.length === 0) continue;
  const name = names[0];
  const shared = exportsOf.reduce(
    (sum, id) => sum + catalogue.split('\n').filter((l) => l.includes(id)).length + schema.split('\n').filter((l) => l.includes(id)).length,
    0,
  );
  const view = sourcesIn(`src/features/${name}`).reduce((sum, f) => sum + codeLines(read(f)), 0);
  // Server parts: the files ENTITY_PARTS imports for this entity.
  const partImports = [...parts.matchAll(/from '\.\.\/routes\/([^']+)'/g)].map((m) => m[1]).filter((p) => p.split('/')[0].startsWith(name));
  const server = partImports.reduce((sum, p) => sum + sourcesIn(`server/src/routes/${p.split('/')[0]}`).reduce((s, f) => s + codeLines(read(f)), 0), 0);
  const messageIds = new Set([
    ...Object.keys(en).filter((key) => names.some((n) => key.startsWith(`${n}.`))),
    ...[...text.matchAll(/'((?:validation|errors)\.[a-z0-9_]+)'/g)].map((m) => m[1]),
  ]);
  rows.push({ name: names.join(' + '), description: codeLines(text), shared, view, server, messages: messageIds.size });
}
rows.sort((a, b) => a.description + a.view + a.server - (b.description + b.view + b.server));
console.log('| entity | description | catalogue + schema | client view | server parts | total code | messages (per language) |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.name} | ${r.description} | ${r.shared} | ${r.view} | ${r.server} | ${r.description + r.shared + r.view + r.server} | ${r.messages} |`);
}
