import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ImportStatus } from '../../../src/api/contracts/import.contract';

/** POST a multipart upload (file in field `file`, CONTRACT §3) to `/api/v1/<entity>/import`. */
export function upload(
  app: FastifyInstance,
  token: string,
  options: { entity?: string; bytes: Uint8Array; fileName: string; fields?: Record<string, string>; language?: string },
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(options.bytes)]), options.fileName);
  return app.inject({
    method: 'POST',
    url: `/api/v1/${options.entity ?? 'member'}/import`,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(options.language ? { 'accept-language': options.language } : {}) },
    payload: form,
  });
}

/** Polls the status route until the import has finished (bounded: 60 s). */
export async function waitForImport(app: FastifyInstance, token: string, id: string, entity = 'member'): Promise<ImportStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/${entity}/import/${id}/status`,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    if (response.statusCode !== 200) throw new Error(`status answered ${response.statusCode}: ${response.body}`);
    const status = response.json<ImportStatus>();
    if (status.status === 'done' || status.status === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${status.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** GET a new-tab download with its query; `token` goes in the query like the page sends it. */
export function download(app: FastifyInstance, path: string, query: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `/api/v1/${path}?${new URLSearchParams(query).toString()}` });
}
