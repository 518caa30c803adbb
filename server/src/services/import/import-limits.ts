/**
 * Bounds of one import (OWASP ASVS 5.2.3: an .xlsx is a zip, so its size, entry count and uncompressed
 * size are checked before anything inflates it). The reader holds the inflated sheet XML (and its shared
 * strings) while it reads the rows, so these caps are also the worker's memory budget.
 *
 * 100,000 data rows is what issue 4 asks an import to carry; 8 columns of such rows are about 30 MB of
 * sheet XML. The uncompressed cap leaves room for wide sheets (30 custom fields) and nothing more.
 */
export const IMPORT_LIMITS = {
  /** The upload itself; matches the multipart limit of the app (plugins/external.ts). */
  maxFileBytes: 20 * 1024 * 1024,
  /** A workbook from Excel has about 10–15 entries; a thousand means something else. */
  maxZipEntries: 1000,
  /** Sum of the declared uncompressed sizes, checked again while inflating (sizes can lie). */
  maxUncompressedBytes: 250 * 1024 * 1024,
  /** Data rows, header not counted. */
  maxRows: 100_000,
  /** Columns of the first sheet that are read at all. */
  maxColumns: 100,
  /** Rows shown in the preview. */
  previewRows: 10,
  /** Rows with errors kept for the report (their count is always exact). */
  maxReportedErrorRows: 10_000,
} as const;
