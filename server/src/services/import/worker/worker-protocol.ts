import type { ImportEntity } from '../../../../../src/api/contracts/import.contract';
import type { MessageId } from '../../../lib/i18n';
import type { SheetToWrite } from '../../export/write-xlsx';
import type { ColumnMapping, ImportChunk, ImportFieldSpec } from '../import-types';
import type { UploadProblem } from '../xlsx-file-check';
import type { ZipEntry } from '../zip-directory';

/** A task posted to a worker, and what it posts back (ending with `end`). */
export type WorkerTask =
  | { kind: 'preview'; bytes: Uint8Array; entries: ZipEntry[]; fields: ImportFieldSpec[]; previewRows: number }
  | {
      kind: 'import';
      bytes: Uint8Array;
      entries: ZipEntry[];
      fields: ImportFieldSpec[];
      entity: ImportEntity;
      context: unknown;
      /** Null: use the suggested mapping. */
      mapping: ColumnMapping | null;
      /** The importing company, written into every row (the request thread's scope, not the file's). */
      companyId: number;
      chunkRows: number;
      maxReportedRows: number;
      /** Data rows committed before (a resumed import): checked for the error report, not imported. */
      skipRows: number;
    }
  | ({ kind: 'write' } & SheetToWrite);

export type WorkerReply =
  | { kind: 'preview'; headers: string[]; rows: string[][]; totalRows: number; mapping: ColumnMapping }
  | { kind: 'started'; headers: string[]; totalRows: number; mapping: ColumnMapping }
  | { kind: 'chunk'; chunk: ImportChunk }
  | { kind: 'done' }
  | { kind: 'refused'; problem: UploadProblem }
  | { kind: 'mapping'; problems: Record<string, MessageId[]> }
  | { kind: 'written'; bytes: Uint8Array }
  /** The task is over; the worker is free for the next one. */
  | { kind: 'end' };
