import type { ImportEntity } from '../../../../../src/api/contracts/import.contract';
import type { ColumnMapping, ImportChunk, ImportFieldSpec } from '../import-types';
import { ROW_CONVERTERS } from '../row-converters';
import { cellText, type SheetTable } from './read-sheet';

interface ConvertOptions {
  entity: ImportEntity;
  context: unknown;
  fields: ImportFieldSpec[];
  chunkRows: number;
  maxReportedRows: number;
}

const emptyChunk = (): ImportChunk => ({ columns: [], count: 0, failed: 0, problems: [], refused: [], processed: 0 });

/**
 * The sheet's rows in insert-sized chunks: valid rows as column arrays, refused rows as problems (with
 * their cells for the error report, up to a cap). Blank rows are skipped, not refused. Yielding chunk by
 * chunk lets the request thread insert one while the next is converted. Consumes the sheet's rows.
 */
export function* convertRows(sheet: SheetTable, mapping: ColumnMapping, options: ConvertOptions): Generator<ImportChunk> {
  const convert = ROW_CONVERTERS[options.entity];
  if (!convert) throw new Error(`no row converter for ${options.entity}`);
  const mapped = options.fields.flatMap((field) => {
    const index = mapping[field.key];
    return index === null || index === undefined ? [] : [{ key: field.key, index, column: sheet.headers[index] ?? '' }];
  });
  const columnOf = new Map(mapped.map((field) => [field.key, field.column]));
  let reported = 0;
  let chunk = emptyChunk();
  const width = sheet.headers.length;
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
    chunk.processed += 1;
    if (!blank) {
      const cells: Record<string, string> = {};
      for (const field of mapped) cells[field.key] = texts[field.index] ?? '';
      const result = convert(cells, options.context);
      if (result.ok) {
        result.columns.forEach((value, c) => (chunk.columns[c] ??= []).push(value));
        chunk.count += 1;
      } else {
        const rowNumber = sheet.firstRowNumber + i;
        chunk.failed += 1;
        for (const { field, messageId } of result.problems) chunk.problems.push({ row: rowNumber, field, column: columnOf.get(field) ?? '', messageId });
        if (reported < options.maxReportedRows) {
          chunk.refused.push({ row: rowNumber, cells: texts });
          reported += 1;
        }
      }
    }
    if (chunk.processed >= options.chunkRows) {
      yield chunk;
      chunk = emptyChunk();
    }
  }
  if (chunk.processed > 0) yield chunk;
}
