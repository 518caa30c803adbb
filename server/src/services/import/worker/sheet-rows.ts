import { isoDateText, serialText } from './sheet-dates';
import type { NumberStyle } from './xlsx-parts';
import { stringItemText, formulaStringText, unescapeXml } from './xml-text';

/**
 * A hand-written scanner over a worksheet's `<sheetData>` that reads one `<row>` per call, splitting rows
 * and cells where SheetJS 0.20's `parse_ws_xml_data` splits them and giving each cell the text
 * `cellText` gives SheetJS's cell. Expects element names without namespace prefixes (sheet-reader.ts
 * strips them). Every search uses `indexOf` on the whole sheet string; searches that may run far ahead
 * (a sheet of empty styled cells has no `<v` for megabytes) keep their last hit so the scan stays linear.
 */

export interface CellContext {
  sharedStrings: { readonly length: number; at(index: number): string | undefined };
  numberStyle(style: string): NumberStyle;
  date1904: boolean;
}

export interface SheetRow {
  /** Excel row number: the `<row>`'s `r`, or one more than the row before. */
  number: number;
  /** Cell texts by column, below maxColumns; holes where SheetJS stores no cell. */
  texts: string[];
  /** Last stored column + 1: the length of SheetJS's dense row. */
  width: number;
  /** SheetJS has a row for it: at least one cell was stored. */
  stored: boolean;
  /** A cell with a type or a value: what SheetJS's range guess (sheets without `<dimension>`) counts. */
  hasCell: boolean;
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const ROW_END = '</row>';

/** `indexOf` that remembers its last hit, for scans whose start only moves forward. */
class Finder {
  private hit = -2;
  private from = 0;

  constructor(private readonly xml: string, private readonly needle: string) {}

  at(from: number): number {
    if (this.hit >= from || (this.hit === -1 && this.from <= from)) return this.hit;
    this.from = from;
    this.hit = this.xml.indexOf(this.needle, from);
    return this.hit;
  }
}

interface Attributes {
  r: string | undefined;
  t: string | undefined;
  s: string | undefined;
}

/** The `r`, `t` and `s` attributes of the tag text in [start, end). */
function readAttributes(xml: string, start: number, end: number, out: Attributes): void {
  out.r = out.t = out.s = undefined;
  let i = start;
  for (;;) {
    const eq = xml.indexOf('=', i);
    if (eq === -1 || eq >= end) return;
    let nameEnd = eq;
    while (nameEnd > i && isSpace(xml.charCodeAt(nameEnd - 1))) nameEnd -= 1;
    let v = eq + 1;
    while (v < end && isSpace(xml.charCodeAt(v))) v += 1;
    const quote = xml.charCodeAt(v);
    let valueEnd: number;
    let next: number;
    if (quote === 34 || quote === 39) {
      valueEnd = xml.indexOf(quote === 34 ? '"' : "'", v + 1);
      if (valueEnd === -1 || valueEnd >= end) return;
      next = valueEnd + 1;
      v += 1;
    } else {
      valueEnd = v;
      while (valueEnd < end && !isSpace(xml.charCodeAt(valueEnd)) && xml.charCodeAt(valueEnd) !== 62) valueEnd += 1;
      next = valueEnd;
    }
    if (nameEnd - 1 > start && isSpace(xml.charCodeAt(nameEnd - 2))) {
      const name = xml.charCodeAt(nameEnd - 1);
      if (name === 114) out.r = xml.slice(v, valueEnd);
      else if (name === 116) out.t = xml.slice(v, valueEnd);
      else if (name === 115) out.s = xml.slice(v, valueEnd);
    }
    i = next;
  }
}

/** The column of a reference as SheetJS reads it for a cell: its leading capital letters, A = 0. */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i += 1) {
    const c = ref.charCodeAt(i) - 64;
    if (c < 1 || c > 26) break;
    column = 26 * column + c;
  }
  return column - 1;
}

export class SheetRowScanner {
  private readonly rowEnds: Finder;
  private readonly cellStarts: Finder;
  private readonly values: Finder;
  private readonly inlineStrings: Finder;
  private readonly attributes: Attributes = { r: undefined, t: undefined, s: undefined };
  private rowNumber = 0;

  constructor(
    private readonly xml: string,
    private position: number,
    private readonly end: number,
    private readonly context: CellContext,
    private readonly options: { maxColumns: number; lastRow: number },
  ) {
    this.rowEnds = new Finder(xml, ROW_END);
    this.cellStarts = new Finder(xml, '<c');
    this.values = new Finder(xml, '<v');
    this.inlineStrings = new Finder(xml, '<is');
  }

  /** The next row, or null past the last one (or past `lastRow`, where SheetJS's `sheetRows` stops). */
  next(): SheetRow | null {
    return this.scan(true);
  }

  /** The next row's number only, without reading its cells. */
  nextNumber(): number | null {
    return this.scan(false)?.number ?? null;
  }

  private scan(withCells: boolean): SheetRow | null {
    const { xml } = this;
    while (this.position < this.end) {
      const hit = this.rowEnds.at(this.position);
      const segmentEnd = hit === -1 || hit >= this.end ? this.end : hit;
      let start = this.position;
      let end = segmentEnd;
      this.position = segmentEnd === this.end ? this.end : segmentEnd + ROW_END.length;
      while (start < end && isSpace(xml.charCodeAt(start))) start += 1;
      while (end > start && isSpace(xml.charCodeAt(end - 1))) end -= 1;
      if (start === end) continue;
      // The row's start tag is the first one not self-closed (SheetJS skips `<row/>` before it).
      let close = xml.indexOf('>', start);
      while (close !== -1 && close < end && close > start && xml.charCodeAt(close - 1) === 47) close = xml.indexOf('>', close + 1);
      const closed = close !== -1 && close < end;
      const tagEnd = closed ? close : end;
      const open = xml.lastIndexOf('<', tagEnd - 1);
      readAttributes(xml, open >= start ? open : start, tagEnd, this.attributes);
      const r = this.attributes.r;
      this.rowNumber = r === undefined ? this.rowNumber + 1 : parseInt(r, 10);
      if (this.rowNumber > this.options.lastRow) {
        this.position = this.end;
        return null;
      }
      const row: SheetRow = { number: this.rowNumber, texts: [], width: 0, stored: false, hasCell: false };
      if (withCells && closed) this.readCells(row, close + 1, end);
      return row;
    }
    return null;
  }

  private nextCellStart(from: number, limit: number): number {
    for (;;) {
      const at = this.cellStarts.at(from);
      if (at === -1 || at >= limit) return limit;
      const after = this.xml.charCodeAt(at + 2);
      if (after === 32 || after === 47 || after === 62) return at;
      from = at + 2;
    }
  }

  private readCells(row: SheetRow, from: number, end: number): void {
    const { xml } = this;
    let skipping = true;
    let column = -1;
    let pieceStart = from;
    while (pieceStart <= end) {
      const split = this.nextCellStart(pieceStart, end);
      let start = pieceStart;
      let stop = split;
      pieceStart = split === end ? end + 1 : split + 3;
      while (start < stop && isSpace(xml.charCodeAt(start))) start += 1;
      while (stop > start && isSpace(xml.charCodeAt(stop - 1))) stop -= 1;
      const startsWithTag = xml.charCodeAt(start) === 60 && start < stop;
      // SheetJS drops leading pieces that start with a tag (whatever precedes the first cell).
      if (skipping && startsWithTag) continue;
      skipping = false;
      if (start === stop) continue;
      column = this.readCell(row, start, stop, startsWithTag, column);
    }
  }

  /** Reads one cell into the row; returns its column, which the next cell without `r` follows. */
  private readCell(row: SheetRow, start: number, stop: number, startsWithTag: boolean, previousColumn: number): number {
    const { xml, attributes } = this;
    let contentStart = start;
    if (startsWithTag) {
      attributes.r = attributes.t = attributes.s = undefined;
    } else {
      const close = xml.indexOf('>', start);
      const tagEnd = close === -1 || close >= stop ? stop : close;
      readAttributes(xml, start - 1, tagEnd, attributes);
      contentStart = Math.min(stop, tagEnd + 1);
    }
    const { r, t, s } = attributes;
    const column = r === undefined ? previousColumn + 1 : columnOf(r);
    const raw = this.valueIn(contentStart, stop);
    if (t === undefined && raw === undefined) return column;
    row.hasCell = true;
    const text = this.cellText(t || 'n', raw, s, contentStart, stop);
    if (text === undefined) return column;
    row.stored = true;
    if (column < 0) return column;
    if (column >= row.width) row.width = column + 1;
    if (column < this.options.maxColumns) row.texts[column] = text;
    return column;
  }

  /** The raw content of the cell's `<v>`, undefined when missing or empty. */
  private valueIn(from: number, stop: number): string | undefined {
    const { xml } = this;
    let open = this.values.at(from);
    while (open !== -1 && open < stop && isWordChar(xml.charCodeAt(open + 2))) open = xml.indexOf('<v', open + 2);
    if (open === -1 || open >= stop) return undefined;
    const close = xml.indexOf('>', open);
    const end = close === -1 || close >= stop ? -1 : xml.indexOf('</v>', close);
    if (end === -1 || end >= stop || end === close + 1) return undefined;
    return xml.slice(close + 1, end);
  }

  /** `cellText` of the cell SheetJS builds; undefined when SheetJS stores no cell. */
  private cellText(type: string, raw: string | undefined, style: string | undefined, contentStart: number, stop: number): string | undefined {
    switch (type) {
      case 'n': {
        if (raw === undefined) return undefined;
        const value = parseFloat(unescapeXml(raw));
        const kind = style === undefined ? 'number' : this.context.numberStyle(style);
        return kind === 'date' ? serialText(value, this.context.date1904) : String(value);
      }
      case 's': {
        if (raw === undefined) return undefined;
        const index = parseInt(unescapeXml(raw), 10);
        if (!(index >= 0 && index < this.context.sharedStrings.length)) throw new Error('xlsx: shared string out of range');
        return (this.context.sharedStrings.at(index) ?? '').trim();
      }
      case 'str':
        return raw === undefined ? '' : formulaStringText(raw).trim();
      case 'inlineStr':
        return (stringItemText(this.inlineItem(contentStart, stop)) ?? '').trim();
      case 'b': {
        const value = raw === undefined ? undefined : unescapeXml(raw);
        return value === '1' || value === 'true' ? 'TRUE' : 'FALSE';
      }
      case 'd':
        // SheetJS throws on a date cell without a value, losing the sheet.
        if (raw === undefined) throw new Error('xlsx: date cell without a value');
        return isoDateText(unescapeXml(raw), this.context.date1904);
      case 'e':
        return '';
      default:
        return raw === undefined ? '' : unescapeXml(raw).trim();
    }
  }

  private inlineItem(from: number, stop: number): string {
    const { xml } = this;
    let open = this.inlineStrings.at(from);
    while (open !== -1 && open < stop && isWordChar(xml.charCodeAt(open + 3))) open = xml.indexOf('<is', open + 3);
    if (open === -1 || open >= stop) return '';
    const close = xml.indexOf('>', open);
    const end = close === -1 || close >= stop ? -1 : xml.indexOf('</is>', close);
    return end === -1 || end >= stop ? '' : xml.slice(close + 1, end);
  }
}
