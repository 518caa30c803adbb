import type { MessageId } from '../../lib/i18n';

/**
 * What the request thread and the parse worker exchange. Everything here is plain data: it crosses
 * the thread boundary by structured clone.
 */

/** A field rows can fill, with the header texts that map to it without asking. */
export interface ImportFieldSpec {
  key: string;
  /** Built-in fields: a message id; custom fields: their name (data). */
  labelId?: MessageId;
  label?: string;
  required: boolean;
  /** Header texts, already normalised (normaliseHeader), that suggest this field. */
  aliases: string[];
  /** The column suggested when no header names the field and that column is free (auto-call: the first). */
  fallbackColumn?: number;
}

/** One problem of one row; the message is an id, translated when the status is answered. */
export interface RowProblem {
  row: number;
  field: string;
  column: string;
  messageId: MessageId;
}

/** A refused row and its cells, for the downloadable error report. */
export interface RefusedRow {
  row: number;
  cells: string[];
}

/** A chunk of the sheet: its valid rows ready to insert, and what was wrong with the others. */
export interface ImportChunk {
  /** The valid rows in COPY text format, UTF-8 (copy-text.ts): the company id, then the target's columns. */
  copyText: Uint8Array<ArrayBuffer>;
  count: number;
  /** Rows refused for errors. */
  failed: number;
  problems: RowProblem[];
  refused: RefusedRow[];
  /** Rows of the sheet this chunk covers, valid or not. */
  processed: number;
  /** The sheet row number of the last row it covers. */
  lastRow: number;
}

/** Field key → column index (null: not imported). */
export type ColumnMapping = Record<string, number | null>;

/** Header text as compared with field names: case, spaces, `_`, `-` and `*` do not matter. */
export function normaliseHeader(text: string): string {
  return text.toLowerCase().replace(/[\s_\-*.()]+/g, '');
}
