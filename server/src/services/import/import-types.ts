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

/**
 * Valid rows ready to insert, column by column (what `unnest` takes: one array parameter per column,
 * so a statement has a handful of parameters whatever its row count, far from PostgreSQL's 65,535).
 */
export interface ImportChunk {
  columns: (string | null)[][];
  count: number;
  /** Rows refused for errors. */
  failed: number;
  problems: RowProblem[];
  refused: RefusedRow[];
  /** Rows of the sheet this chunk covers, valid or not. */
  processed: number;
}

/** Field key → column index (null: not imported). */
export type ColumnMapping = Record<string, number | null>;

/** Header text as compared with field names: case, spaces, `_`, `-` and `*` do not matter. */
export function normaliseHeader(text: string): string {
  return text.toLowerCase().replace(/[\s_\-*.()]+/g, '');
}
