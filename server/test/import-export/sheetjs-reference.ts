import * as XLSX from 'xlsx';

/**
 * Reading the first sheet with SheetJS, as imports did before the streaming reader
 * (server/src/services/import/worker/sheet-reader.ts): the reference that reader is tested against
 * (sheet-reader.test.ts) and bench:import's SheetJS line. Only what an import needs is computed: no
 * formatted text, styles, HTML or number formats; dates come as dates (custom date fields want
 * YYYY-MM-DD).
 */
const READ_OPTIONS: XLSX.ParsingOptions = {
  type: 'buffer',
  dense: true,
  sheets: 0,
  cellDates: true,
  cellText: false,
  cellHTML: false,
  cellNF: false,
  cellStyles: false,
  cellFormula: false,
  bookVBA: false,
};

export interface SheetTable {
  headers: string[];
  /** Dense rows after the header; a missing row or cell is empty. */
  rows: (XLSX.CellObject | undefined)[][];
  /** The Excel row number of `rows[0]`. */
  firstRowNumber: number;
  /** Data rows in the sheet's full range, even when fewer were read (`sheetRows`). */
  totalRows: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as the text an import reads: dates as YYYY-MM-DD (with the time if it has one). */
export function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'd') {
    const date = cell.v instanceof Date ? cell.v : new Date(String(cell.v));
    if (Number.isNaN(date.getTime())) return '';
    const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    const time = date.getUTCHours() + date.getUTCMinutes() + date.getUTCSeconds() === 0 ? '' : ` ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
    return day + time;
  }
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  if (cell.t === 'e') return '';
  return String(cell.v).trim();
}

/** Parses the workbook's first sheet; `maxDataRows` bounds how many rows SheetJS materialises. */
export function readFirstSheet(bytes: Uint8Array, maxDataRows: number, maxColumns: number): SheetTable {
  const workbook = XLSX.read(bytes, { ...READ_OPTIONS, sheetRows: maxDataRows + 1 });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  const data = (sheet?.['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  const fullRange = sheet?.['!fullref'] ?? sheet?.['!ref'];
  const range = fullRange ? XLSX.utils.decode_range(fullRange) : null;
  // Rows above the range's start are empty; the header is the first row of the range.
  const start = range?.s.r ?? 0;
  const headerRow = data[start] ?? [];
  // The data array is sparse (missing rows are holes), so it is walked by index, not with map.
  let width = 0;
  for (let r = start; r < Math.min(data.length, start + 50); r += 1) width = Math.max(width, data[r]?.length ?? 0);
  width = Math.min(maxColumns, width);
  const headers = Array.from({ length: width }, (_, c) => cellText(headerRow[c]));
  return {
    headers,
    rows: data.slice(start + 1),
    firstRowNumber: start + 2,
    totalRows: range ? Math.max(0, range.e.r - range.s.r) : 0,
  };
}
