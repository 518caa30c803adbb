/**
 * A report as an .xlsx built in the browser from the rows on screen (the table is the report: no second
 * request), one sheet per table. `xlsx` (SheetJS) is loaded only when someone downloads, so screens stay
 * light. Used by the statistics reports and the queue report.
 */
export type SheetCells = ReadonlyArray<ReadonlyArray<string | number | null>>;

export interface Sheet {
  /** Cut to Excel's 31 characters. */
  name: string;
  cells: SheetCells;
}

/** The workbook's bytes. */
export async function buildWorkbook(sheets: readonly Sheet[]): Promise<ArrayBuffer> {
  const XLSX = await import('xlsx');
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.cells.map((row) => [...row])), sheet.name.slice(0, 31));
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

/** Builds the workbook and hands it to the browser as a download named `fileName`. */
export async function saveWorkbook(sheets: readonly Sheet[], fileName: string): Promise<void> {
  const bytes = await buildWorkbook(sheets);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
