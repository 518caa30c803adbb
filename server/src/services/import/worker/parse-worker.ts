import { parentPort } from 'node:worker_threads';
import { writeXlsx } from '../../export/write-xlsx';
import { cleanMapping, mappingProblems, suggestMapping } from '../column-mapping';
import { IMPORT_LIMITS } from '../import-limits';
import type { ImportFieldSpec } from '../import-types';
import { UploadRefused } from '../xlsx-file-check';
import { verifyInflatedSizes } from '../zip-inflate-check';
import type { ZipEntry } from '../zip-directory';
import { convertRows } from './convert-rows';
import { openFirstSheet, type StreamedSheet } from './sheet-reader';
import type { WorkerReply, WorkerTask } from './worker-protocol';

/**
 * The parse worker: reading a 100,000-row workbook takes a second or more of pure CPU, so it never runs
 * on the request thread (the server keeps answering while a file is read). The sheet is read row by row
 * (sheet-reader.ts), so the first chunks are converted and inserted while the rest is still being read.
 * Tasks arrive one at a time as messages; each ends with an `end` reply. Started and reused by
 * worker-pool.ts.
 */
const post = (reply: WorkerReply, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(reply, transfer);

/**
 * The first sheet, once it has a header and at most maxRows rows under it. The parts the reader needs
 * are inflated there with their declared sizes as caps; every other entry is inflated once here with the
 * same cap, so no entry of the upload lies about its size (zip-inflate-check.ts).
 */
function checkedSheet(bytes: Uint8Array, entries: readonly ZipEntry[], maxDataRows: number, fields: readonly ImportFieldSpec[]): StreamedSheet {
  let sheet: StreamedSheet;
  try {
    sheet = openFirstSheet(bytes, entries, { maxDataRows, maxColumns: IMPORT_LIMITS.maxColumns, firstRowIsData: firstRowIsData(fields) });
  } catch (error) {
    // A part that lies about its size explains an unreadable file better than whatever broke first.
    verifyInflatedSizes(bytes, entries);
    throw error;
  }
  verifyInflatedSizes(bytes, entries, { except: sheet.inflatedParts });
  if (sheet.totalRows === 0 || sheet.headers.every((header) => header === '')) throw new UploadRefused('no_rows');
  if (sheet.totalRows > IMPORT_LIMITS.maxRows) throw new UploadRefused('too_many_rows');
  return sheet;
}

/** A cell that is a phone number, not a column's name: digits (at least seven) with the usual separators. */
const PHONE_CELL = /^\+?[0-9][0-9 ()\-.]{5,}[0-9]$/;

/**
 * For a target whose field falls back to a column when no header names it (auto-call numbers: "one
 * number a row in the first column"), a first row holding a phone number in that column is data.
 */
function firstRowIsData(fields: readonly ImportFieldSpec[]): ((texts: string[]) => boolean) | undefined {
  const column = fields.find((field) => field.fallbackColumn !== undefined)?.fallbackColumn;
  if (column === undefined) return undefined;
  return (texts) => PHONE_CELL.test((texts[column] ?? '').trim());
}

function* firstRows(sheet: StreamedSheet, count: number): Generator<string[]> {
  if (count <= 0) return;
  for (const row of sheet.rows()) {
    yield row;
    if ((count -= 1) === 0) return;
  }
}

function run(task: WorkerTask): void {
  if (task.kind === 'write') {
    const bytes = writeXlsx(task);
    post({ kind: 'written', bytes }, [bytes.buffer as ArrayBuffer]);
    return;
  }
  if (task.kind === 'preview') {
    const sheet = checkedSheet(task.bytes, task.entries, task.previewRows, task.fields);
    const rows = [...firstRows(sheet, task.previewRows)];
    post({ kind: 'preview', headers: sheet.headers, rows, totalRows: sheet.totalRows, mapping: suggestMapping(sheet.headers, task.fields) });
    return;
  }
  const sheet = checkedSheet(task.bytes, task.entries, IMPORT_LIMITS.maxRows, task.fields);
  const mapping = cleanMapping(task.mapping ?? suggestMapping(sheet.headers, task.fields), task.fields);
  const problems = mappingProblems(mapping, sheet.headers, task.fields);
  if (Object.keys(problems).length > 0) {
    post({ kind: 'mapping', problems });
    return;
  }
  post({ kind: 'started', headers: sheet.headers, totalRows: sheet.totalRows, mapping });
  for (const chunk of convertRows(sheet, mapping, task)) post({ kind: 'chunk', chunk }, [chunk.copyText.buffer]);
  post({ kind: 'done' });
}

parentPort!.on('message', (task: WorkerTask) => {
  try {
    run(task);
  } catch (error) {
    // A refusal is an answer; anything else (a corrupt workbook) reads as unreadable.
    post({ kind: 'refused', problem: error instanceof UploadRefused ? error.problem : 'unreadable' });
  }
  post({ kind: 'end' });
});
