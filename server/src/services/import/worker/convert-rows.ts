import type { ImportEntity } from '../../../../../src/api/contracts/import.contract';
import { copyLine } from '../copy-text';
import type { ColumnMapping, ImportChunk, ImportFieldSpec, RefusedRow, RowProblem } from '../import-types';
import { ROW_CONVERTERS } from '../row-converters';

/** What conversion reads of a sheet: its header texts and its data rows' texts, first row numbered. */
export interface SheetRows {
  headers: string[];
  firstRowNumber: number;
  rows(): Iterable<string[]>;
}

interface ConvertOptions {
  entity: ImportEntity;
  context: unknown;
  fields: ImportFieldSpec[];
  /** The importing company: the first field of every COPY line. */
  companyId: number;
  chunkRows: number;
  maxReportedRows: number;
  /**
   * The first data rows, already committed by an import that was interrupted: they are not imported
   * again, only checked, so their refused rows are in the error report again (their counts are too).
   * @default 0
   */
  skipRows?: number;
}

const encoder = new TextEncoder();

/**
 * The sheet's rows in insert-sized chunks: valid rows as COPY text (company id, then the converter's
 * columns), refused rows as problems (with their cells for the error report, up to a cap). Blank rows
 * are skipped, not refused. Yielding chunk by chunk lets the request thread insert one while the next
 * is converted; the text goes as bytes, which cross to the request thread without a copy. Rows are
 * pulled from the sheet as they are converted, so a streamed sheet is never held whole.
 */
export function* convertRows(sheet: SheetRows, mapping: ColumnMapping, options: ConvertOptions): Generator<ImportChunk> {
  const makeConverter = ROW_CONVERTERS[options.entity];
  if (!makeConverter) throw new Error(`no row converter for ${options.entity}`);
  const convert = makeConverter(options.context);
  const mapped = options.fields.flatMap((field) => {
    const index = mapping[field.key];
    return index === null || index === undefined ? [] : [{ key: field.key, index, column: sheet.headers[index] ?? '' }];
  });
  const columnOf = new Map(mapped.map((field) => [field.key, field.column]));
  const companyField = `${options.companyId}\t`;
  let reported = 0;
  let text = '';
  let count = 0;
  let failed = 0;
  let processed = 0;
  let problems: RowProblem[] = [];
  let refused: RefusedRow[] = [];
  let skip = options.skipRows ?? 0;
  const chunk = (lastRow: number): ImportChunk => {
    const done: ImportChunk = { copyText: encoder.encode(text), count, failed, problems, refused, processed, lastRow };
    text = '';
    count = failed = processed = 0;
    problems = [];
    refused = [];
    return done;
  };
  let rowNumber = sheet.firstRowNumber - 1;
  for (const texts of sheet.rows()) {
    rowNumber += 1;
    if (texts.every((cell) => cell === '')) {
      if (skip > 0) skip -= 1;
      else processed += 1;
    } else {
      const cells: Record<string, string> = {};
      for (const field of mapped) cells[field.key] = texts[field.index] ?? '';
      const result = convert(cells);
      if (!result.ok) {
        for (const { field, messageId } of result.problems) problems.push({ row: rowNumber, field, column: columnOf.get(field) ?? '', messageId });
        if (reported < options.maxReportedRows) {
          refused.push({ row: rowNumber, cells: texts });
          reported += 1;
        }
      }
      if (skip > 0) {
        skip -= 1;
      } else {
        processed += 1;
        if (result.ok) {
          text += companyField + copyLine(result.columns);
          count += 1;
        } else {
          failed += 1;
        }
      }
    }
    if (processed >= options.chunkRows) yield chunk(rowNumber);
  }
  // The skipped rows' problems go with the last chunk even when nothing is left to import.
  if (processed > 0 || problems.length > 0) yield chunk(rowNumber);
}
