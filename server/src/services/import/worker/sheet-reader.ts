import type { ZipEntry } from '../zip-directory';
import { SheetRowScanner, type SheetRow } from './sheet-rows';
import { readWorkbookParts, withoutPrefixes } from './xlsx-parts';

/**
 * The first sheet of an .xlsx read row by row, giving the same headers, row numbers, total and cell
 * texts as SheetJS 0.20 did (server/test/import-export/sheetjs-reference.ts), so an import can convert and
 * insert the first chunks while the rest is still being read. The sheet part is inflated whole (its
 * declared size is capped and checked like every entry) and decoded once; rows are parsed only as the
 * generator is pulled, and never all held at once.
 */
export interface StreamedSheet {
  /** The header row's texts; as wide as the widest of the range's first 50 rows, at most maxColumns. */
  headers: string[];
  /** Excel row number of the first data row. */
  firstRowNumber: number;
  /** Data rows of the sheet's full range (its `<dimension>`), even past maxDataRows. */
  totalRows: number;
  /**
   * Data rows in order, each `headers.length` texts; row i is Excel row firstRowNumber + i (rows
   * missing from the XML come as empty texts). Stops after the last row holding a cell, and past Excel
   * row maxDataRows + 1. Pull it once.
   */
  rows(): Generator<string[]>;
  /** Zip entries already inflated and size-checked here, for `verifyInflatedSizes(…, { except })`. */
  inflatedParts: ReadonlySet<string>;
}

export interface SheetReadOptions {
  maxColumns: number;
  maxDataRows: number;
  /**
   * Whether the first row is data rather than a header (a list of bare phone numbers): then the
   * headers are the column letters and the first row is the first data row.
   */
  firstRowIsData?: ((texts: string[]) => boolean) | undefined;
}

/** Excel's column letters: A … Z, AA … */
function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Rows whose widest sets the header width (as the SheetJS reading did). */
const WIDTH_SAMPLE_ROWS = 50;
const DIMENSION_REF = /"(\w*:\w*)"/;
const SHEET_DATA = /<sheetData\b[^<>]*>/;

interface RowRange {
  first: number;
  last: number;
}

/** SheetJS's `safe_decode_range`, rows and columns 0-based. */
function decodeRange(ref: string) {
  let i = 0;
  const number = (base: number, from: number, count: number) => {
    let n = 0;
    for (; i < ref.length; i += 1) {
      const c = ref.charCodeAt(i) - from;
      if (c < 0 || c >= count) break;
      n = base * n + c + (base === 26 ? 1 : 0);
    }
    return n - 1;
  };
  const cell = () => ({ c: number(26, 65, 26), r: number(10, 48, 10) });
  const s = cell();
  if (i === ref.length || ref.charAt(i) !== ':') return { s, e: s };
  i += 1;
  return { s, e: cell() };
}

/** The `<dimension ref>` before the sheet data, kept only when it is a real range (as SheetJS). */
function dimensionRange(xml: string, dataStart: number): RowRange | undefined {
  const at = xml.indexOf('<dimension');
  if (at <= 0 || at >= dataStart) return undefined;
  const ref = DIMENSION_REF.exec(xml.slice(at, at + 50))?.[1];
  if (ref === undefined) return undefined;
  const { s, e } = decodeRange(ref);
  return s.r <= e.r && s.c <= e.c && s.r >= 0 && s.c >= 0 ? { first: s.r, last: e.r } : undefined;
}

/**
 * Without a `<dimension>`, SheetJS spans the rows it read, provided some cell has a type or a value.
 * Only row tags are read once such a cell is seen.
 */
function guessedRange(scanner: SheetRowScanner): RowRange | undefined {
  let first = Infinity;
  let last = -Infinity;
  let anyCell = false;
  for (;;) {
    let number: number | null;
    if (anyCell) {
      number = scanner.nextNumber();
    } else {
      const row = scanner.next();
      number = row?.number ?? null;
      anyCell = row?.hasCell ?? false;
    }
    if (number === null) break;
    first = Math.min(first, number - 1);
    last = Math.max(last, number - 1);
  }
  return anyCell ? { first, last } : undefined;
}

const blankRow = (width: number) => new Array<string>(width).fill('');

function rowTexts(row: SheetRow, width: number): string[] {
  const texts = new Array<string>(width);
  for (let c = 0; c < width; c += 1) texts[c] = row.texts[c] ?? '';
  return texts;
}

export function openFirstSheet(bytes: Uint8Array, entries: readonly ZipEntry[], options: SheetReadOptions): StreamedSheet {
  const parts = readWorkbookParts(bytes, entries);
  const inflatedParts = parts.inflated;
  if (parts.sheetXml === undefined) return { headers: [], firstRowNumber: 2, totalRows: 0, rows: function* () {}, inflatedParts };
  const xml = withoutPrefixes(parts.sheetXml);
  const open = SHEET_DATA.exec(xml);
  const dataEnd = open ? xml.indexOf('</sheetData>', open.index + open[0].length) : -1;
  const [start, end] = open && dataEnd !== -1 ? [open.index + open[0].length, dataEnd] : [0, 0];
  const scanOptions = { maxColumns: options.maxColumns, lastRow: options.maxDataRows + 1 };
  const scanner = () => new SheetRowScanner(xml, start, end, parts, scanOptions);
  const range = dimensionRange(xml, open ? open.index : xml.length) ?? guessedRange(scanner());

  const headerNumber = (range?.first ?? 0) + 1;
  const rows = scanner();
  const sample: SheetRow[] = [];
  let pending = rows.next();
  let lastNumber = 0;
  const advance = () => {
    const row = pending;
    if (row && row.number <= lastNumber) throw new Error('xlsx: rows out of order');
    if (row) lastNumber = row.number;
    pending = rows.next();
    return row;
  };
  while (pending && pending.number < headerNumber + WIDTH_SAMPLE_ROWS) {
    const row = advance()!;
    if (row.number >= headerNumber) sample.push(row);
  }
  const width = Math.min(options.maxColumns, Math.max(0, ...sample.map((row) => (row.stored ? row.width : 0))));
  const first = sample[0]?.number === headerNumber ? sample[0] : undefined;
  const headerless = first !== undefined && options.firstRowIsData?.(rowTexts(first, width)) === true;
  const header = headerless ? undefined : first && sample.shift();
  const headers = Array.from({ length: width }, (_, c) => (headerless ? columnLetter(c) : (header?.texts[c] ?? '')));
  const firstDataNumber = headerless ? headerNumber : headerNumber + 1;

  return {
    headers,
    firstRowNumber: firstDataNumber,
    totalRows: range ? Math.max(0, range.last - range.first + (headerless ? 1 : 0)) : 0,
    inflatedParts,
    *rows() {
      let expected = firstDataNumber;
      for (let row = sample.shift() ?? advance(); row; row = sample.shift() ?? advance()) {
        // A row without cells is blank unless a later row holds some (SheetJS ends at the last one that does).
        if (!row.stored) continue;
        for (; expected < row.number; expected += 1) yield blankRow(width);
        yield rowTexts(row, width);
        expected = row.number + 1;
      }
    },
  };
}
