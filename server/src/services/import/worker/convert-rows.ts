import type { ImportEntity } from '../../../../../src/api/contracts/import.contract';
import { copyLine } from '../copy-text';
import type { ColumnMapping, ImportChunk, ImportFieldSpec, RefusedRow, RowProblem } from '../import-types';
import { ROW_CONVERTERS } from '../row-converters';
import { cellText, type SheetTable } from './read-sheet';

interface ConvertOptions {
  entity: ImportEntity;
  context: unknown;
  fields: ImportFieldSpec[];
  /** The importing company: the first field of every COPY line. */
  companyId: number;
  chunkRows: number;
  maxReportedRows: number;
}

const encoder = new TextEncoder();

/**
 * The sheet's rows in insert-sized chunks: valid rows as COPY text (company id, then the converter's
 * columns), refused rows as problems (with their cells for the error report, up to a cap). Blank rows
 * are skipped, not refused. Yielding chunk by chunk lets the request thread insert one while the next
 * is converted; the text goes as bytes, which cross to the request thread without a copy. Consumes the
 * sheet's rows.
 */
export function* convertRows(sheet: SheetTable, mapping: ColumnMapping, options: ConvertOptions): Generator<ImportChunk> {
  const makeConverter = ROW_CONVERTERS[options.entity];
  if (!makeConverter) throw new Error(`no row converter for ${options.entity}`);
  const convert = makeConverter(options.context);
  const mapped = options.fields.flatMap((field) => {
    const index = mapping[field.key];
    return index === null || index === undefined ? [] : [{ key: field.key, index, column: sheet.headers[index] ?? '' }];
  });
  const columnOf = new Map(mapped.map((field) => [field.key, field.column]));
  const companyField = `${options.companyId}\t`;
  const width = sheet.headers.length;
  let reported = 0;
  let text = '';
  let count = 0;
  let failed = 0;
  let processed = 0;
  let problems: RowProblem[] = [];
  let refused: RefusedRow[] = [];
  const chunk = (): ImportChunk => {
    const done: ImportChunk = { copyText: encoder.encode(text), count, failed, problems, refused, processed };
    text = '';
    count = failed = processed = 0;
    problems = [];
    refused = [];
    return done;
  };
  for (let i = 0; i < sheet.rows.length; i += 1) {
    const row = sheet.rows[i];
    // Done with the row's cell objects: letting them go as we pass keeps the heap (and GC) small.
    sheet.rows[i] = [];
    const texts = new Array<string>(width);
    let blank = true;
    for (let c = 0; c < width; c += 1) {
      texts[c] = cellText(row?.[c]);
      if (texts[c] !== '') blank = false;
    }
    processed += 1;
    if (!blank) {
      const cells: Record<string, string> = {};
      for (const field of mapped) cells[field.key] = texts[field.index] ?? '';
      const result = convert(cells);
      if (result.ok) {
        text += companyField + copyLine(result.columns);
        count += 1;
      } else {
        const rowNumber = sheet.firstRowNumber + i;
        failed += 1;
        for (const { field, messageId } of result.problems) problems.push({ row: rowNumber, field, column: columnOf.get(field) ?? '', messageId });
        if (reported < options.maxReportedRows) {
          refused.push({ row: rowNumber, cells: texts });
          reported += 1;
        }
      }
    }
    if (processed >= options.chunkRows) yield chunk();
  }
  if (processed > 0) yield chunk();
}
