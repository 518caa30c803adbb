import {
  importInterruptedListSchema,
  importPaths,
  importPreviewSchema,
  importStatusSchema,
  type ImportEntity,
  type ImportMapping,
  type ImportPreview,
  type ImportStatus,
} from './contracts/import.contract';
import { downloadTokenResponseSchema, type DownloadPurpose } from './contracts/download.contract';
import { toApiError } from './errors';
import { http } from './http';
import { getLanguage } from './storage';

/**
 * Excel import and export calls (src/api/contracts/import.contract.ts; docs/import-export.md). Every
 * answer is parsed with the shared schemas; failures reject with ApiError (422 `fieldErrors.file` for a
 * refused file, `fieldErrors['mapping.<field>']` for a mapping).
 */

async function call<T>(request: () => Promise<{ data: unknown }>, parse: (data: unknown) => T): Promise<T> {
  try {
    return parse((await request()).data);
  } catch (err) {
    throw toApiError(err);
  }
}

const uploadProgress = (onProgress?: (fraction: number) => void) => ({
  onUploadProgress: (event: { loaded: number; total?: number }) => onProgress?.(event.total ? event.loaded / event.total : 0),
});

/**
 * Uploads the file (multipart, field `file`) and answers the preview; `onProgress` gets 0…1. `startOver`:
 * the id of an interrupted import of the same file that the user chose to import again from its first
 * row (its committed rows stay, so they will be there twice); without it the server refuses that file.
 */
export function uploadImport(
  entity: ImportEntity,
  file: File,
  onProgress?: (fraction: number) => void,
  startOver?: string,
  fields: Readonly<Record<string, string>> = {},
): Promise<ImportPreview> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (startOver) form.append('start_over', startOver);
  form.append('file', file, file.name);
  return call(() => http.post(importPaths(entity).upload, form, uploadProgress(onProgress)), (data) => importPreviewSchema.parse(data));
}

/** Resumes an interrupted import with the same file (the server checks it is the same bytes); answers the status. */
export function resumeImport(
  entity: ImportEntity,
  id: string,
  file: File,
  onProgress?: (fraction: number) => void,
  fields: Readonly<Record<string, string>> = {},
): Promise<ImportStatus> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  return call(() => http.post(importPaths(entity).resume(id), form, uploadProgress(onProgress)), (data) => importStatusSchema.parse(data));
}

/** Forgets an interrupted (or ended) import; the rows it imported stay. */
export function discardImport(entity: ImportEntity, id: string): Promise<void> {
  return call(() => http.post(importPaths(entity).discard(id)), () => undefined);
}

/** The caller's interrupted imports of the entity, latest first. */
export function interruptedImports(entity: ImportEntity): Promise<ImportStatus[]> {
  return call(() => http.post(importPaths(entity).interrupted), (data) => importInterruptedListSchema.parse(data).data);
}

export function commitImport(entity: ImportEntity, id: string, mapping: ImportMapping): Promise<ImportStatus> {
  return call(() => http.post(importPaths(entity).commit(id), { mapping }), (data) => importStatusSchema.parse(data));
}

export type DownloadParams = Record<string, string | number | undefined | null>;

/** Drops blank values: they are "not given", and the token is bound to what is given. */
function cleanParams(params: DownloadParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && String(value) !== '') out[key] = String(value);
  return out;
}

/**
 * The URL of a new-tab download (CONTRACT §3): a download token for this purpose and exactly these
 * parameters, which go in the query with the page's language. `pathParams` are the parts of the path
 * (`{ id }`, `{ type, name }`); the token is bound to them too.
 */
export async function downloadUrl(purpose: DownloadPurpose, path: string, query: DownloadParams = {}, pathParams: DownloadParams = {}): Promise<string> {
  const params = { ...cleanParams(query), lang: getLanguage() ?? 'en' };
  const { token } = await call(
    () => http.post('download-token', { purpose, params: { ...cleanParams(pathParams), ...params } }),
    (data) => downloadTokenResponseSchema.parse(data),
  );
  return `/api/v1/${path}?${new URLSearchParams({ ...params, token }).toString()}`;
}
