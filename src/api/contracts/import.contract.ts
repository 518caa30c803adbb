import { z } from 'zod';

/**
 * Excel import (issue 4 item 3), shared by the server routes and the import screens. The flow:
 *
 * 1. `POST <entity>/import` (multipart, file in `file`): the file is checked (name, zip magic bytes,
 *    entry count and uncompressed size) before anything parses it; the answer is a preview with the
 *    headers, the first rows and a suggested column for every field. With the form field `commit=true`
 *    (and optionally `mapping`, JSON) the import starts at once instead (API clients, benchmarks).
 * 2. `POST <entity>/import/{id}/commit` `{ mapping }`: starts the import in the background.
 * 3. `POST <entity>/import/{id}/status`: progress and the per-row errors, polled by the page.
 *
 * Rows with errors are skipped and listed (row number, field, message); every valid row is committed.
 *
 * A started import is kept in the database, so a server that stopped halfway still answers its status:
 * `interrupted`, with what went in. Its owner can then resume it (`{id}/resume`, the same file again:
 * the rows already committed are skipped), discard it (`{id}/discard`: the rows stay, the record goes),
 * or start over knowingly (a new upload with `start_over={id}`). `<entity>/import/interrupted` lists the
 * caller's interrupted imports. docs/import-export.md.
 */
export const IMPORT_ENTITIES = ['member', 'consultation', 'auto-call'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

/** The upload limit the page checks before sending (the server checks it again). */
export const IMPORT_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** How often the page asks for progress. */
export const IMPORT_POLL_MS = 500;
/** Errors answered with the status; the error report holds more. */
export const IMPORT_STATUS_ERROR_LIMIT = 100;

export const importFieldSchema = z.object({
  /** `name`, `phone_number`, `custom_fields.city`… */
  key: z.string(),
  /** In the caller's language (custom field names are data and shown as they are). */
  label: z.string(),
  required: z.boolean(),
});

/** Field key → index of the sheet column that fills it (null: not imported). */
export const importMappingSchema = z.record(z.string().max(200), z.number().int().min(0).max(999).nullable());

export const importPreviewSchema = z.object({
  import_id: z.string(),
  file_name: z.string(),
  headers: z.array(z.string()),
  /** The first rows under the header, as text. */
  rows: z.array(z.array(z.string())),
  /** Data rows in the sheet (header not counted), from its dimension. */
  total_rows: z.number().int(),
  fields: z.array(importFieldSchema),
  /** A column for each field whose header matched its name in either language. */
  mapping: importMappingSchema,
});

export const importCommitBodySchema = z.object({ mapping: importMappingSchema });

/**
 * `uploaded`: previewed, waiting for its mapping; `queued` → `parsing` → `importing` while it runs;
 * `done` and `failed` at its end; `interrupted`: the server that ran it stopped before the end (the
 * rows committed until then stay; it can be resumed).
 */
export const IMPORT_STATUSES = ['uploaded', 'queued', 'parsing', 'importing', 'done', 'failed', 'interrupted'] as const;
export type ImportStatusName = (typeof IMPORT_STATUSES)[number];
/** An import that is being worked on (a server holds it). */
export const IMPORT_RUNNING_STATUSES = ['queued', 'parsing', 'importing'] as const satisfies readonly ImportStatusName[];

export const importRowErrorSchema = z.object({
  /** The Excel row number (the header is row 1). */
  row: z.number().int(),
  /** The field key (`phone_number`); empty when the row as a whole is wrong. */
  field: z.string(),
  /** The sheet's header of that field's column. */
  column: z.string(),
  message: z.string(),
});

export const importStatusSchema = z.object({
  import_id: z.string(),
  entity: z.enum(IMPORT_ENTITIES),
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  total_rows: z.number().int(),
  /** Rows done so far, committed or refused. */
  processed: z.number().int(),
  inserted: z.number().int(),
  /** Rows refused for errors. */
  failed: z.number().int(),
  /** The first errors, by row; `errors_truncated` when there are more. */
  errors: z.array(importRowErrorSchema),
  errors_truncated: z.boolean(),
  /** Why the whole import stopped (status `failed`). */
  message: z.string().nullable(),
  /** Since a worker took the import. */
  elapsed_ms: z.number().int(),
  /** How much of that the worker spent reading the file before the first rows went in; null until then. */
  parse_ms: z.number().int().nullable(),
  /** `interrupted`: the sheet row a resume continues from (the first one not committed); null otherwise. */
  resume_row: z.number().int().nullable(),
  /** `interrupted`: when the import last made progress (ISO 8601); null otherwise. */
  interrupted_at: z.string().nullable(),
});

/** `<entity>/import/interrupted`: the caller's interrupted imports of the entity, latest first. */
export const importInterruptedListSchema = z.object({ data: z.array(importStatusSchema) });

export type ImportField = z.infer<typeof importFieldSchema>;
export type ImportMapping = z.infer<typeof importMappingSchema>;
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type ImportStatus = z.infer<typeof importStatusSchema>;
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** Nothing more will happen without the user: stop polling. */
export const isImportFinished = (status: ImportStatusName) => status === 'done' || status === 'failed' || status === 'interrupted';

/** Paths relative to /api/v1 (specification §7: `member/import`, `member/export`, `member/import/{type}/sample/{name}`). */
export function importPaths(entity: ImportEntity) {
  return {
    // CONTRACT §13: an auto-call campaign's numbers are uploaded to `auto-call/upload` (with `campaign_id`).
    upload: entity === 'auto-call' ? 'auto-call/upload' : `${entity}/import`,
    commit: (id: string) => `${entity}/import/${encodeURIComponent(id)}/commit`,
    status: (id: string) => `${entity}/import/${encodeURIComponent(id)}/status`,
    errors: (id: string) => `${entity}/import/${encodeURIComponent(id)}/errors`,
    resume: (id: string) => `${entity}/import/${encodeURIComponent(id)}/resume`,
    discard: (id: string) => `${entity}/import/${encodeURIComponent(id)}/discard`,
    interrupted: `${entity}/import/interrupted`,
    sample: `${entity}/import/xlsx/sample/${entity}s`,
    export: `${entity}/export`,
  };
}
