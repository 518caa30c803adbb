import { deflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';

/** A workbook whose first sheet holds these rows (the first row is the header), as an upload would. */
export function workbookBytes(rows: unknown[][], sheetName = 'Members'): Uint8Array {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), sheetName);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
}

/** The first sheet of a downloaded workbook, as rows of text. */
export function sheetRows(bytes: Uint8Array | Buffer): string[][] {
  const workbook = XLSX.read(bytes, { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
}

/** Every cell type of the first sheet (`s` text, `n` number...), to prove exports write text only. */
export function cellTypes(bytes: Uint8Array | Buffer): string[] {
  const workbook = XLSX.read(bytes, { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  return Object.keys(sheet)
    .filter((key) => !key.startsWith('!'))
    .map((key) => (sheet[key] as XLSX.CellObject).t);
}

export interface ZipPart {
  name: string;
  data: Uint8Array;
  /** Deflate the data (method 8) instead of storing it. @default false */
  deflate?: boolean;
  /** Claim this uncompressed size in the headers instead of the real one (a zip bomb lies). */
  declaredSize?: number;
}

/**
 * A hand-made zip, for the uploads a real spreadsheet program never writes: a thousand entries, sizes
 * that lie. CRCs are left at zero; the server refuses these files before anything would check them.
 */
export function zipBytes(parts: readonly ZipPart[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const body = part.deflate ? deflateRawSync(part.data) : Buffer.from(part.data);
    const size = part.declaredSize ?? part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.deflate ? 8 : 0, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const text = (value: string) => Buffer.from(value, 'utf8');

/** The parts that make a zip look like a workbook, so the refusal tested is the one intended. */
export const WORKBOOK_PARTS: ZipPart[] = [
  { name: '[Content_Types].xml', data: text('<Types/>') },
  { name: 'xl/workbook.xml', data: text('<workbook/>') },
];

export const CONTENT_TYPES = (overrides: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/>` +
  `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}</Types>`;
const SST_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml';
const STYLES_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml';
export const RELS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface HandMade {
  sheetData: string;
  /** Before sheetData, e.g. a dimension. */
  head?: string;
  strings?: string[];
  /** numFmts and cellXfs of styles.xml. */
  styles?: string;
  workbookPr?: string;
  sheetPath?: string;
  worksheetPrefix?: boolean;
}

/** A workbook with XML no SheetJS writer produces (as Excel, LibreOffice or streaming writers do). */
export function handMade({ sheetData, head = '', strings, styles, workbookPr = '', sheetPath = 'worksheets/data.xml', worksheetPrefix = false }: HandMade): Uint8Array {
  const overrides = (strings ? `<Override PartName="/xl/sharedStrings.xml" ContentType="${SST_TYPE}"/>` : '') + (styles ? `<Override PartName="/xl/styles.xml" ContentType="${STYLES_TYPE}"/>` : '');
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const worksheet = worksheetPrefix ? `<x:worksheet xmlns:x="${ns}">${head}<x:sheetData>${sheetData}</x:sheetData></x:worksheet>` : `<worksheet xmlns="${ns}">${head}<sheetData>${sheetData}</sheetData></worksheet>`;
  const parts: ZipPart[] = [
    { name: '[Content_Types].xml', data: text(CONTENT_TYPES(overrides)) },
    { name: 'xl/workbook.xml', data: text(`<workbook xmlns="${ns}" xmlns:r="${RELS_NS}">${workbookPr}<sheets><sheet name="Other" sheetId="2" r:id="rId7"/><sheet name="Second" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: text(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="${RELS_NS}/worksheet" Target="${sheetPath}"/></Relationships>`) },
    { name: 'xl/worksheets/sheet1.xml', data: text(`<worksheet xmlns="${ns}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>wrong sheet</t></is></c></row></sheetData></worksheet>`), deflate: true },
    { name: `xl/${sheetPath}`, data: text(worksheet), deflate: true },
  ];
  if (strings) parts.push({ name: 'xl/sharedStrings.xml', data: text(`<sst xmlns="${ns}" count="${strings.length}">${strings.map((item) => `<si>${item}</si>`).join('')}</sst>`), deflate: true });
  if (styles) parts.push({ name: 'xl/styles.xml', data: text(`<styleSheet xmlns="${ns}">${styles}</styleSheet>`) });
  return zipBytes(parts);
}
