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

const text = (value: string) => Buffer.from(value, 'utf8');

/** The parts that make a zip look like a workbook, so the refusal tested is the one intended. */
export const WORKBOOK_PARTS: ZipPart[] = [
  { name: '[Content_Types].xml', data: text('<Types/>') },
  { name: 'xl/workbook.xml', data: text('<workbook/>') },
];
