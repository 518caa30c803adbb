import * as XLSX from 'xlsx';
import { escapeFormula } from './formula-escape';

export interface SheetToWrite {
  sheetName: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

/**
 * One workbook, one sheet, every cell text (type `s`) and escaped against formula injection, so no
 * value from the database is ever read as a number, a date or a formula. CPU-heavy for large sheets:
 * called in the worker (worker/parse-worker.ts), never on the request thread.
 */
export function writeXlsx({ sheetName, header, rows }: SheetToWrite): Uint8Array {
  const data: XLSX.CellObject[][] = [header, ...rows].map((row) => row.map((value) => ({ t: 's', v: escapeFormula(value) })));
  const sheet: XLSX.WorkSheet = { '!data': data, '!ref': XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: data.length - 1, c: Math.max(0, header.length - 1) } }) };
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, sheetName);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
}
