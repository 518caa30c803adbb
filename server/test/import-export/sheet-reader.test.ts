import * as XLSX from 'xlsx';
import { openFirstSheet } from '../../src/services/import/worker/sheet-reader';
import { cellText, readFirstSheet } from './sheetjs-reference';
import { readZipDirectory } from '../../src/services/import/zip-directory';
import { verifyInflatedSizes } from '../../src/services/import/zip-inflate-check';
import { checkXlsxUpload, UploadRefused } from '../../src/services/import/xlsx-file-check';
import { writeXlsx } from '../../src/services/export/write-xlsx';
import { memberWorkbook } from '../../../bench/crm/lib/member-workbook';
import { CONTENT_TYPES, handMade, RELS_NS, text, workbookBytes, zipBytes, type ZipPart } from './xlsx-fixtures';

/**
 * The streaming reader against SheetJS (`readFirstSheet` + `cellText`), which it replaces: every
 * workbook here is read both ways and must give the same headers, row numbers, total and texts.
 */

interface Limits {
  maxDataRows?: number;
  maxColumns?: number;
}

function readBoth(bytes: Uint8Array, { maxDataRows = 1000, maxColumns = 100 }: Limits = {}) {
  const table = readFirstSheet(bytes, maxDataRows, maxColumns);
  const sheet = openFirstSheet(bytes, readZipDirectory(bytes, 1000), { maxDataRows, maxColumns });
  // Array.from, not map: SheetJS's rows are sparse and a hole is a blank row.
  const expected = { headers: table.headers, firstRowNumber: table.firstRowNumber, totalRows: table.totalRows, rows: Array.from(table.rows, (row) => table.headers.map((_, c) => cellText(row?.[c]))) };
  const actual = { headers: sheet.headers, firstRowNumber: sheet.firstRowNumber, totalRows: sheet.totalRows, rows: [...sheet.rows()] };
  return { expected, actual };
}

function expectSame(bytes: Uint8Array, limits?: Limits) {
  const { expected, actual } = readBoth(bytes, limits);
  expect(actual).toEqual(expected);
  return actual;
}

function written(sheet: XLSX.WorkSheet, options: { bookSST?: boolean; date1904?: boolean } = {}): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Data');
  if (options.date1904) book.Workbook = { ...book.Workbook, WBProps: { date1904: true } };
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true, bookSST: options.bookSST ?? false }) as Uint8Array;
}

const MIXED: unknown[][] = [
  ['Name', ' Phone ', 'Amount', 'Flag', 'Joined', '<&>"\'', '회원'],
  ['홍길동', '010-1234-5678', 1234.5, true, new Date(Date.UTC(2024, 0, 31)), 'a & b < c > d " e \' f', '  spaced  '],
  ['김철수', '01012345678', -0.000123, false, new Date(Date.UTC(1999, 11, 31, 23, 59, 59)), 'x\r\ny', 'tab\there'],
  [],
  ['이영희', '', 12345678901234567000, null, new Date(Date.UTC(1900, 0, 1)), '=not a formula', 1e-10],
  [undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'beyond the header'],
  ['', 0, -42, 'FALSE', new Date(Date.UTC(2030, 5, 15, 12, 0, 0)), '_x000D_ literal', '😀 emoji'],
];

describe('openFirstSheet gives the texts SheetJS gives', () => {
  for (const bookSST of [false, true]) {
    for (const cellDates of [false, true]) {
      it(`mixed values (bookSST ${bookSST}, cellDates ${cellDates})`, () => {
        expectSame(written(XLSX.utils.aoa_to_sheet(MIXED, { cellDates }), { bookSST }));
      });
    }
  }

  for (const format of ['yyyy-mm-dd', 'yyyy-mm-dd hh:mm:ss', 'm/d/yy', 'h:mm', '[h]:mm:ss', 'dd"일" mmm', '0.00', '#,##0', '"$"#,##0.00', '@', 'General', 'yyyy"년" m"월" d"일"']) {
    for (const date1904 of [false, true]) {
      it(`numbers formatted ${format} (1904 system ${date1904})`, () => {
        const values = [0, 0.5, 1, 1.5, 59, 60, 60.5, 61, 45000.25, 45000.999999, -1, 2958465, 1e6];
        const sheet = XLSX.utils.aoa_to_sheet([['value'], ...values.map((value) => [value])]);
        for (let r = 1; r <= values.length; r += 1) sheet[XLSX.utils.encode_cell({ r, c: 0 })]!.z = format;
        expectSame(written(sheet, { date1904 }));
      });
    }
  }

  it('formulas with cached values, errors and booleans', () => {
    const sheet = XLSX.utils.aoa_to_sheet([['a', 'b', 'c', 'd']]);
    XLSX.utils.sheet_add_aoa(sheet, [[{ t: 'n', v: 3, f: '1+2' }, { t: 's', v: 'x&y', f: '"x&y"' }, { t: 'e', v: 0x07, f: '1/0' }, { t: 'b', v: true, f: 'TRUE()' }]], { origin: 'A2' });
    XLSX.utils.sheet_add_aoa(sheet, [[{ t: 'e', v: 0x2a }, { t: 's', v: ' trimmed ', f: '" trimmed "' }]], { origin: 'A3' });
    expectSame(written(sheet));
  });

  it('a range that does not start at A1, gaps and sparse columns', () => {
    const sheet = XLSX.utils.sheet_add_aoa({}, [['h1', null, 'h3'], [], [null, null, 'only c'], [1], [], [], [null, null, null, null, 'far']], { origin: 'C4' });
    expectSame(written(sheet, { bookSST: true }));
  });

  it('blank rows at the end of the range', () => {
    const sheet = XLSX.utils.aoa_to_sheet([['h'], ['a'], ['b']]);
    sheet['!ref'] = 'A1:B10';
    const actual = expectSame(written(sheet));
    expect(actual.totalRows).toBe(9);
  });

  it('rows wider than maxColumns, wider rows after the first 50, and few rows read', () => {
    const rows = Array.from({ length: 80 }, (_, r) => Array.from({ length: r < 50 ? 5 : 12 }, (_, c) => `r${r}c${c}`));
    const bytes = written(XLSX.utils.aoa_to_sheet(rows), { bookSST: true });
    expectSame(bytes, { maxColumns: 3 });
    expectSame(bytes, { maxColumns: 100 });
    expectSame(bytes, { maxDataRows: 10 });
    expectSame(bytes, { maxDataRows: 60 });
  });

  it('fewer rows read than the range holds, starting below row 1', () => {
    const rows = Array.from({ length: 40 }, (_, r) => [`r${r}`, r]);
    expectSame(written(XLSX.utils.sheet_add_aoa({}, rows, { origin: 'B6' })), { maxDataRows: 10 });
  });

  it('workbooks of the existing fixtures and of the export writer', () => {
    expectSame(workbookBytes([['Name', 'Phone number'], ['홍길동', '010-1234-5678'], ['=1+1', '+82 10']]));
    expectSame(writeXlsx({ sheetName: '회원', header: ['이름', 'Phone'], rows: [['=cmd', '010'], ['a&b', ''], ['', ' x ']] }));
    expectSame(memberWorkbook(300));
  });

  it('an empty sheet and a header-only sheet', () => {
    expectSame(written(XLSX.utils.aoa_to_sheet([])));
    expectSame(written(XLSX.utils.aoa_to_sheet([['only', 'a', 'header']])));
  });
});

describe('openFirstSheet on XML that SheetJS writers never produce', () => {
  it('reads the first <sheet> through the workbook relationships, not sheet1.xml', () => {
    const actual = expectSame(handMade({ sheetData: '<row r="1"><c r="A1" t="inlineStr"><is><t>right sheet</t></is></c></row><row r="2"><c r="A2"><v>1</v></c></row>' }));
    expect(actual.headers).toEqual(['right sheet']);
  });

  it('rich-text shared strings, phonetic runs, entities and escapes', () => {
    const strings = [
      '<t>plain</t>',
      '<r><rPr><b/></rPr><t>bold</t></r><r><t xml:space="preserve"> and plain</t></r>',
      '<t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh><phoneticPr fontId="1"/>',
      '<r><t>漢</t></r><rPh sb="0" eb="1"><t>かん</t></rPh><r><t>字</t></r>',
      '<t>&lt;&amp;&gt;&quot;&apos; &#x41;&#66; &#x1F600;</t>',
      '<t>line_x000D_break _x0041_</t>',
      '<t xml:space="preserve">  padded  </t>',
      '<t/>',
      '<t>a\r\nb</t>',
    ];
    const cells = strings.map((_, i) => `<c r="${String.fromCharCode(65 + i)}2" t="s"><v>${i}</v></c>`).join('');
    const header = strings.map((_, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>h${i}</t></is></c>`).join('');
    expectSame(handMade({ strings, sheetData: `<row r="1">${header}</row><row r="2">${cells}</row>` }));
  });

  it('inline strings, formula strings unescaped twice, dates, booleans, errors and unknown types', () => {
    const cells = [
      '<c r="A2" t="inlineStr"><is><t> inline </t></is></c>',
      '<c r="B2" t="inlineStr"><is><r><t>ri</t></r><r><t>ch</t></r></is></c>',
      '<c r="C2" t="str"><f>A1</f><v>&amp;lt;tag&amp;gt; &#xC3;&#xA9;</v></c>',
      '<c r="D2" t="d"><v>2024-02-29T13:45:00</v></c>',
      '<c r="E2" t="d"><v>2024-03-01</v></c>',
      '<c r="F2" t="b"><v>1</v></c>',
      '<c r="G2" t="b"/>',
      '<c r="H2" t="e"><v>#N/A</v></c>',
      '<c r="I2" t="str"/>',
      '<c r="J2"><v>1.50</v></c>',
      '<c r="K2" t="x"><v> odd </v></c>',
      '<c r="L2" t="d"><v>12:30</v></c>',
      '<c r="M2" s="0"/>',
    ].join('');
    const header = '<row r="1">' + 'ABCDEFGHIJKLM'.split('').map((c) => `<c r="${c}1" t="inlineStr"><is><t>${c}</t></is></c>`).join('') + '</row>';
    expectSame(handMade({ sheetData: `${header}<row r="2">${cells}</row>` }));
  });

  it('rows and cells without r, and namespace prefixes', () => {
    const sheetData = '<x:row><x:c t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c><x:c><x:v>2</x:v></x:c></x:row><x:row><x:c><x:v>3</x:v></x:c><x:c r="D2"><x:v>4</x:v></x:c><x:c><x:v>5</x:v></x:c></x:row>' +
      '<x:row r="5"><x:c><x:v>6</x:v></x:c></x:row><x:row><x:c r="B6"><x:v>7</x:v></x:c></x:row>';
    const actual = expectSame(handMade({ sheetData, worksheetPrefix: true, head: '<x:dimension ref="A1:E6"/>' }));
    expect(actual.rows).toHaveLength(5);
    // Without a dimension, SheetJS spans the rows it read.
    expectSame(handMade({ sheetData, worksheetPrefix: true }));
    expectSame(handMade({ sheetData, worksheetPrefix: true }), { maxDataRows: 2 });
  });

  it('styled empty cells and empty rows after the data, and a single-cell dimension', () => {
    const sheetData = '<row r="2" spans="1:3"><c r="A2" t="inlineStr"><is><t>h</t></is></c><c r="C2" s="1"/></row><row r="3"><c r="A3"><v>1</v></c></row><row r="4"><c r="A4" s="1"/></row><row r="9" ht="20" customHeight="1"/>';
    expectSame(handMade({ sheetData, head: '<dimension ref="A2:C9"/>' }));
    expectSame(handMade({ sheetData, head: '<dimension ref="A1"/>' }));
  });

  it('custom and built-in date formats from styles.xml, in both date systems', () => {
    const styles = '<numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="165" formatCode="&quot;Q&quot;0"/><numFmt numFmtId="500" formatCode="[$-412]yyyy&quot;년&quot; m&quot;월&quot;"/></numFmts>' +
      '<cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="22"/><xf numFmtId="500"/></cellXfs>';
    const cells = [0, 1, 2, 3, 4, 5].map((s, i) => `<c r="${String.fromCharCode(65 + i)}2" s="${s}"><v>45351.75</v></c>`).join('');
    const header = '<row r="1">' + 'ABCDEF'.split('').map((c) => `<c r="${c}1" t="inlineStr"><is><t>${c}</t></is></c>`).join('') + '</row>';
    for (const workbookPr of ['', '<workbookPr date1904="1"/>', '<workbookPr date1904="false"/>']) {
      expectSame(handMade({ styles, workbookPr, sheetData: `${header}<row r="2">${cells}</row>` }));
    }
  });

  it('reads built-in formats SheetJS lacks: Korean dates as dates, currency and accounting as numbers', () => {
    const bytes = handMade({
      styles: '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="5"/><xf numFmtId="31"/><xf numFmtId="43"/></cellXfs>',
      sheetData: '<row r="1"><c r="A1" t="inlineStr"><is><t>h</t></is></c></row><row r="2"><c r="A2" s="1"><v>3</v></c><c r="B2" s="2"><v>45000</v></c><c r="C2" s="3"><v>1234.5</v></c></row>',
    });
    // SheetJS loses the sheet here (an empty table, which the import would refuse as no_rows).
    expect(readFirstSheet(bytes, 10, 10).headers).toEqual([]);
    const sheet = openFirstSheet(bytes, readZipDirectory(bytes, 100), { maxDataRows: 10, maxColumns: 10 });
    expect([...sheet.rows()]).toEqual([['3', '2023-03-15', '1234.5']]);
  });

  it('yields the first rows before reading the rest', () => {
    const rows = Array.from({ length: 2000 }, (_, r) => `<row r="${r + 1}"><c r="A${r + 1}"><v>${r}</v></c></row>`).join('');
    const bytes = handMade({ sheetData: rows + '<row r="2001"><c r="A2001" t="s"><v>99</v></c></row>', head: '<dimension ref="A1:A2001"/>' });
    const sheet = openFirstSheet(bytes, readZipDirectory(bytes, 100), { maxDataRows: 5000, maxColumns: 10 });
    const iterator = sheet.rows();
    expect(iterator.next().value).toEqual(['1']);
    // The broken last row (a shared string without a table) only fails when reached.
    expect(() => [...iterator]).toThrow(/shared string/);
  });
});

describe('openFirstSheet refuses what the SheetJS flow refuses', () => {
  const sheetXml = text('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>');
  const base = (sheet: ZipPart): ZipPart[] => [
    { name: '[Content_Types].xml', data: text(CONTENT_TYPES('')) },
    { name: 'xl/workbook.xml', data: text(`<workbook xmlns:r="${RELS_NS}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: text(`<Relationships><Relationship Id="rId1" Type="${RELS_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`) },
    sheet,
  ];

  it('a sheet entry lying about its size is too_large_uncompressed', () => {
    const bytes = zipBytes(base({ name: 'xl/worksheets/sheet1.xml', data: sheetXml, deflate: true, declaredSize: 20 }));
    expect(() => openFirstSheet(bytes, readZipDirectory(bytes, 100), { maxDataRows: 10, maxColumns: 10 })).toThrow(expect.objectContaining({ problem: 'too_large_uncompressed' }));
  });

  it('a sheet entry shorter than declared is not_xlsx', () => {
    const bytes = zipBytes(base({ name: 'xl/worksheets/sheet1.xml', data: sheetXml, deflate: true, declaredSize: sheetXml.length + 10 }));
    expect(() => openFirstSheet(bytes, readZipDirectory(bytes, 100), { maxDataRows: 10, maxColumns: 10 })).toThrow(expect.objectContaining({ problem: 'not_xlsx' }));
  });

  it('reports the entries it checked, which verifyInflatedSizes can then skip', () => {
    const bytes = zipBytes([...base({ name: 'xl/worksheets/sheet1.xml', data: sheetXml, deflate: true }), { name: 'xl/media/bomb.bin', data: Buffer.alloc(5000), deflate: true, declaredSize: 100 }]);
    const entries = readZipDirectory(bytes, 100);
    const sheet = openFirstSheet(bytes, entries, { maxDataRows: 10, maxColumns: 10 });
    expect([...sheet.inflatedParts].sort()).toEqual(['[Content_Types].xml', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    expect(() => verifyInflatedSizes(bytes, entries, { except: sheet.inflatedParts })).toThrow(expect.objectContaining({ problem: 'too_large_uncompressed' }));
  });

  it('a zip without a workbook is not_xlsx at the upload check and unreadable in the reader', () => {
    const bytes = zipBytes([{ name: '[Content_Types].xml', data: text(CONTENT_TYPES('')) }, { name: 'xl/worksheets/sheet1.xml', data: sheetXml }]);
    expect(() => checkXlsxUpload('a.xlsx', bytes)).toThrow(expect.objectContaining({ problem: 'not_xlsx' }));
    expect(() => openFirstSheet(bytes, readZipDirectory(bytes, 100), { maxDataRows: 10, maxColumns: 10 })).toThrow(expect.not.objectContaining({ problem: expect.anything() }));
    expect(() => readFirstSheet(bytes, 10, 10)).toThrow();
  });

  it('an upload refusal is an UploadRefused', () => {
    const bytes = zipBytes(base({ name: 'xl/worksheets/sheet1.xml', data: sheetXml, deflate: true, declaredSize: 20 }));
    expect(() => openFirstSheet(bytes, readZipDirectory(bytes, 100), { maxDataRows: 10, maxColumns: 10 })).toThrow(UploadRefused);
  });
});
