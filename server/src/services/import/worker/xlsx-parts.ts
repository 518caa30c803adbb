import { inflateEntry } from '../zip-inflate-check';
import type { ZipEntry } from '../zip-directory';
import { isDateFormat } from './sheet-dates';
import { firstElement, tagAttributes, tagsNamed, xmlBoolean } from './xml-tags';
import { stringItemText, unescapeXml } from './xml-text';

/**
 * The workbook parts the first sheet's cells depend on, found the way SheetJS 0.20 finds them: parts
 * named by [Content_Types].xml, the first `<sheet>` of the workbook resolved through the workbook's
 * relationships, shared strings, the number formats of cell styles and the 1904 date system.
 */

const WORKBOOK_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
  'application/vnd.ms-excel.sheet.binary.macroEnabled.main',
  'application/vnd.ms-excel.addin.macroEnabled.main+xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml',
]);
const STRINGS_TYPES = new Set(['application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml', 'application/vnd.ms-excel.sharedStrings']);
const STYLES_TYPES = new Set(['application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml', 'application/vnd.ms-excel.styles']);
const CONTENT_TYPES_NS = 'http://schemas.openxmlformats.org/package/2006/content-types';
const WORKSHEET_RELS = new Set(['http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet', 'http://purl.oclc.org/ooxml/officeDocument/relationships/worksheet']);

/** The number formats SheetJS knows without a `<numFmts>` entry (its `table_fmt`); EAST_ASIAN_DATE_IDS says how the others read. */
const BUILT_IN_FORMATS: Record<number, string> = {
  0: 'General', 1: '0', 2: '0.00', 3: '#,##0', 4: '#,##0.00', 9: '0%', 10: '0.00%', 11: '0.00E+00', 12: '# ?/?', 13: '# ??/??',
  14: 'm/d/yy', 15: 'd-mmm-yy', 16: 'd-mmm', 17: 'mmm-yy', 18: 'h:mm AM/PM', 19: 'h:mm:ss AM/PM', 20: 'h:mm', 21: 'h:mm:ss',
  22: 'm/d/yy h:mm', 37: '#,##0 ;(#,##0)', 38: '#,##0 ;[Red](#,##0)', 39: '#,##0.00;(#,##0.00)', 40: '#,##0.00;[Red](#,##0.00)',
  45: 'mm:ss', 46: '[h]:mm:ss', 47: 'mmss.0', 48: '##0.0E+0', 49: '@', 56: '"上午/下午 "hh"時"mm"分"ss"秒 "',
};
/**
 * Built-in ids SheetJS's table lacks, which Excel writes without a `<numFmts>` entry: in the Korean (and
 * other East Asian) locales 27–36 and 50–58 are date and time formats (`yyyy"년" m"월" d"일"`,
 * `h"시" mm"분"`, …). SheetJS loses the whole sheet on them; here they read as dates, and the other
 * unknown ids (currency 5–8, accounting 41–44) as plain numbers.
 */
const EAST_ASIAN_DATE_IDS = new Set([27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
/** Custom format ids above this are renumbered downwards by SheetJS. */
const MAX_FORMAT_ID = 0x188;

/** How a number in a cell of some style reads. */
export type NumberStyle = 'number' | 'date';

export interface WorkbookParts {
  /** The first worksheet's XML; undefined when there is none to read (SheetJS then has an empty sheet). */
  sheetXml: string | undefined;
  /** Shared strings by index (`at` is undefined for an item SheetJS gives no value). */
  sharedStrings: { readonly length: number; at(index: number): string | undefined };
  /** By the cell's `s` attribute; `number` when the workbook has no cell styles. */
  numberStyle(style: string): NumberStyle;
  date1904: boolean;
  /** Entries inflated (and so size-checked) here. */
  inflated: ReadonlySet<string>;
}

class PartFiles {
  readonly inflated = new Set<string>();
  private readonly byName = new Map<string, ZipEntry>();

  constructor(private readonly bytes: Uint8Array, entries: readonly ZipEntry[]) {
    // Part names are case-insensitive (OPC); SheetJS also accepts backslashes.
    for (const entry of entries) this.byName.set(entry.name.toLowerCase().replace(/\\/g, '/'), entry);
  }

  has(name: string): boolean {
    return this.byName.has(name.replace(/^\//, '').toLowerCase());
  }

  text(name: string): string | undefined {
    const entry = this.byName.get(name.replace(/^\//, '').toLowerCase());
    if (!entry) return undefined;
    const data = inflateEntry(this.bytes, entry);
    this.inflated.add(entry.name);
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  }
}

function contentTypes(files: PartFiles) {
  const xml = files.text('[Content_Types].xml');
  if (xml === undefined) throw new Error('xlsx: no [Content_Types].xml');
  const root = tagsNamed(xml, 'Types')[0];
  if (!root || tagAttributes(root).xmlns !== CONTENT_TYPES_NS) throw new Error('xlsx: unknown content types namespace');
  const parts = tagsNamed(xml, 'Override').map((tag) => tagAttributes(tag));
  const first = (types: Set<string>) => parts.find((part) => types.has(part.ContentType ?? ''))?.PartName;
  return { workbook: first(WORKBOOK_TYPES), strings: first(STRINGS_TYPES), styles: first(STYLES_TYPES) };
}

/** Resolved like SheetJS: `xl/` + the target without its `xl/`, else the target, else beside the rels file. */
function firstSheetPath(files: PartFiles, workbookXml: string, workbookPath: string): string | undefined {
  const sheets = tagsNamed(workbookXml, 'sheet').map((tag) => tagAttributes(tag));
  if (sheets.length === 0) return undefined;
  const slash = workbookPath.lastIndexOf('/');
  let relsPath = `${workbookPath.slice(0, slash + 1)}_rels/${workbookPath.slice(slash + 1)}.rels`;
  if (!files.has(relsPath)) relsPath = 'xl/_rels/workbook.xml.rels';
  const relations = new Map(tagsNamed(files.text(relsPath) ?? '', 'Relationship').map((tag) => {
    const attributes = tagAttributes(tag);
    return [attributes.Id, { target: unescapeXml(attributes.Target ?? ''), type: attributes.Type ?? '' }];
  }));
  // One sheet without a relationship makes SheetJS guess every sheet's path.
  const related = sheets.map((sheet) => relations.get(sheet.id ?? sheet.strRelID));
  const first = related[0];
  if (!first || related.some((relation) => !relation)) return files.has('xl/worksheets/sheet.xml') ? 'xl/worksheets/sheet.xml' : 'xl/worksheets/sheet1.xml';
  if (first.type !== '' && !WORKSHEET_RELS.has(first.type)) return undefined;
  const candidates = [`xl/${first.target.replace(/\/?xl\//, '')}`, first.target, relsPath.replace(/_rels\/[\s\S]*$/, '') + first.target];
  return candidates.find((path) => files.has(path)) ?? candidates[2];
}

/**
 * The shared-string table, split into items up front (one `indexOf` pass) but each item decoded only
 * when a cell first refers to it: a 100,000-row sheet has some 200,000 strings, and decoding them all
 * would delay the first rows.
 */
class SharedStrings {
  private readonly bounds: number[] = [];
  private readonly texts: (string | undefined)[] = [];
  private readonly done: boolean[] = [];

  constructor(private readonly xml: string) {
    const open = /<sst\b[^<>]*>/.exec(xml);
    const end = open ? xml.indexOf('</sst>', open.index + open[0].length) : -1;
    if (!open || end === -1) return;
    // SheetJS drops every bare `<si>` and splits on `</si>`; the piece after the last one counts too.
    let from = open.index + open[0].length;
    for (let close = xml.indexOf('</si>', from); close !== -1 && close < end; close = xml.indexOf('</si>', from)) {
      this.bounds.push(from, close);
      from = close + 5;
    }
    this.bounds.push(from, end);
  }

  get length(): number {
    return this.bounds.length / 2;
  }

  at(index: number): string | undefined {
    if (!this.done[index]) {
      const item = this.xml.slice(this.bounds[2 * index], this.bounds[2 * index + 1]).replace(/<si>/g, '').trim();
      this.texts[index] = stringItemText(item);
      this.done[index] = true;
    }
    return this.texts[index];
  }
}

/** Element names without namespace prefixes (`<x:si>`), which SheetJS accepts on every element it reads. */
export const withoutPrefixes = (xml: string) => (/<\/?\w+:/.test(xml) ? xml.replace(/<(\/?)\w+:/g, '<$1') : xml);

function numberStyles(xml: string | undefined): ((style: string) => NumberStyle) | undefined {
  if (xml === undefined) return undefined;
  const text = xml.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  const formats = new Map<number, string>(Object.entries(BUILT_IN_FORMATS).map(([id, format]) => [Number(id), format]));
  for (const tag of tagsNamed(firstElement(text, 'numFmts')?.[0] ?? '', 'numFmt')) {
    const attributes = tagAttributes(tag);
    const format = unescapeXml(attributes.formatCode ?? '');
    let id = parseInt(attributes.numFmtId ?? '', 10);
    // SheetJS never loads a format numbered 0 or not numbered at all.
    if (!(id > 0)) continue;
    formats.set(id, format);
    if (id > MAX_FORMAT_ID) {
      for (id = MAX_FORMAT_ID; id > 0x3c; id -= 1) if (!formats.has(id)) break;
      formats.set(id, format);
    }
  }
  const cellXfs = firstElement(text, 'cellXfs');
  if (!cellXfs) return undefined;
  const styles = tagsNamed(cellXfs[0], 'xf').map((tag): NumberStyle => {
    const value = tagAttributes(tag).numFmtId;
    let id = value ? parseInt(value, 10) : 0;
    if (id > MAX_FORMAT_ID) {
      const format = formats.get(id);
      for (let i = MAX_FORMAT_ID; i > 0x3c; i -= 1) if (formats.get(i) === format) { id = i; break; }
    }
    const format = formats.get(id);
    if (format === undefined) return EAST_ASIAN_DATE_IDS.has(id) ? 'date' : 'number';
    return isDateFormat(format) ? 'date' : 'number';
  });
  return (style) => (/^(?:0|[1-9]\d*)$/.test(style) ? styles[Number(style)] : undefined) ?? 'number';
}

export function readWorkbookParts(bytes: Uint8Array, entries: readonly ZipEntry[]): WorkbookParts {
  const files = new PartFiles(bytes, entries);
  const types = contentTypes(files);
  const workbookPath = (types.workbook ?? 'xl/workbook.xml').replace(/^\//, '');
  if (workbookPath.endsWith('bin')) throw new Error('xlsx: binary workbooks (xlsb) are not read');
  const workbookXml = files.text(workbookPath);
  if (workbookXml === undefined) throw new Error('xlsx: no workbook');
  const sheetPath = firstSheetPath(files, workbookXml, workbookPath);
  const properties = tagsNamed(workbookXml, 'workbookPr')[0];
  const styleOf = numberStyles(types.styles ? files.text(types.styles) : undefined);
  return {
    sheetXml: sheetPath === undefined ? undefined : files.text(sheetPath),
    sharedStrings: new SharedStrings(withoutPrefixes((types.strings && files.text(types.strings)) ?? '')),
    numberStyle: styleOf ?? (() => 'number'),
    date1904: properties !== undefined && xmlBoolean(tagAttributes(properties).date1904),
    inflated: files.inflated,
  };
}
