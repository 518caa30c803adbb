/**
 * The report as an .xlsx, built in the browser from the rows on screen (the table is the report: no
 * second request). `xlsx` is loaded only when someone exports, so the screens stay light.
 */
export type SheetCells = ReadonlyArray<ReadonlyArray<string | number | null>>;

/** The workbook's bytes: one sheet named `sheetName` holding the cells. */
export async function buildWorkbook(cells: SheetCells, sheetName: string): Promise<ArrayBuffer> {
  const XLSX = await import('xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(cells.map((row) => [...row])), sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

/** Builds the workbook and hands it to the browser as a download named `fileName`. */
export async function saveWorkbook(cells: SheetCells, sheetName: string, fileName: string): Promise<void> {
  const bytes = await buildWorkbook(cells, sheetName);
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
