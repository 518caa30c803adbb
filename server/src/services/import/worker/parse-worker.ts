import { parentPort } from 'node:worker_threads';
import { writeXlsx } from '../../export/write-xlsx';
import { cleanMapping, mappingProblems, suggestMapping } from '../column-mapping';
import { IMPORT_LIMITS } from '../import-limits';
import { UploadRefused } from '../xlsx-file-check';
import { verifyInflatedSizes } from '../zip-inflate-check';
import { cellText, readFirstSheet, type SheetTable } from './read-sheet';
import { convertRows } from './convert-rows';
import type { WorkerReply, WorkerTask } from './worker-protocol';

/**
 * The parse worker: SheetJS parses a 100,000-row workbook in seconds of pure CPU and cannot stream, so
 * it never runs on the request thread (the server keeps answering while a file is read). Tasks arrive one
 * at a time as messages; each ends with an `end` reply. Started and reused by worker-pool.ts.
 */
const post = (reply: WorkerReply, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(reply, transfer);

/** A sheet with a header and at most maxRows rows under it. */
function checkedSheet(sheet: SheetTable): SheetTable {
  if (sheet.totalRows === 0 || sheet.headers.every((header) => header === '')) throw new UploadRefused('no_rows');
  if (sheet.totalRows > IMPORT_LIMITS.maxRows) throw new UploadRefused('too_many_rows');
  return sheet;
}

function run(task: WorkerTask): void {
  if (task.kind === 'write') {
    const bytes = writeXlsx(task);
    post({ kind: 'written', bytes }, [bytes.buffer as ArrayBuffer]);
    return;
  }
  verifyInflatedSizes(task.bytes, task.entries);
  if (task.kind === 'preview') {
    const sheet = checkedSheet(readFirstSheet(task.bytes, task.previewRows, IMPORT_LIMITS.maxColumns));
    const rows = sheet.rows.slice(0, task.previewRows).map((row) => sheet.headers.map((_, c) => cellText(row?.[c])));
    post({ kind: 'preview', headers: sheet.headers, rows, totalRows: sheet.totalRows, mapping: suggestMapping(sheet.headers, task.fields) });
    return;
  }
  const sheet = checkedSheet(readFirstSheet(task.bytes, IMPORT_LIMITS.maxRows, IMPORT_LIMITS.maxColumns));
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
    // A refusal is an answer; anything else (a corrupt workbook SheetJS chokes on) reads as unreadable.
    post({ kind: 'refused', problem: error instanceof UploadRefused ? error.problem : 'unreadable' });
  }
  post({ kind: 'end' });
});
