/**
 * The queue report as an .xlsx built in the browser from the rows on screen, one sheet per table.
 * `xlsx` (SheetJS) is loaded only when someone downloads, so the window stays light.
 */
export type ReportCells = ReadonlyArray<ReadonlyArray<string | number | null>>;

export interface ReportSheet {
  name: string;
  cells: ReportCells;
}

/** The workbook's bytes. */
export async function buildReportWorkbook(sheets: readonly ReportSheet[]): Promise<ArrayBuffer> {
  const XLSX = await import('xlsx');
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.cells.map((row) => [...row])), sheet.name.slice(0, 31));
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

/** Builds the workbook and hands it to the browser as a download named `fileName`. */
export async function downloadReportWorkbook(sheets: readonly ReportSheet[], fileName: string): Promise<void> {
  const bytes = await buildReportWorkbook(sheets);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
