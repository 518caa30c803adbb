#!/usr/bin/env node
// Merges message ids into both catalogues at once, so en and kr never drift.
// Usage: node scripts/add-messages.mjs patch.json   where patch.json is { "en": { id: text }, "kr": { id: text } }
// Existing ids are overwritten with the new text; every id must be given in both languages.
import { readFileSync, writeFileSync, renameSync } from 'node:fs';

const patch = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const en = Object.keys(patch.en ?? {});
const kr = Object.keys(patch.kr ?? {});
const missing = [...en.filter((k) => !(k in patch.kr)), ...kr.filter((k) => !(k in patch.en))];
if (missing.length) {
  console.error('These ids are not given in both languages: ' + missing.join(', '));
  process.exit(2);
}
for (const lang of ['en', 'kr']) {
  const file = new URL(`../src/i18n/messages/${lang}.json`, import.meta.url);
  const current = JSON.parse(readFileSync(file, 'utf8'));
  const next = { ...current, ...patch[lang] };
  const tmp = new URL(`../src/i18n/messages/.${lang}.json.tmp`, import.meta.url);
  writeFileSync(tmp, JSON.stringify(next, null, 2) + '\n');
  renameSync(tmp, file);
}
console.log(`merged ${en.length} ids into en.json and kr.json`);
