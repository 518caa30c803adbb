import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { languageSchema, type Language } from '../../../../src/api/contracts/session.contract';
import { seoulTime } from '../../services/export/sheet-values';
import type { SheetToWrite } from '../../services/export/write-xlsx';
import { runWorkerTask } from '../../services/import/worker/worker-pool';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Query fields every new-tab download takes: the token and the page's language (tabs send no header). */
export const downloadQueryFields = {
  token: z.string().max(4000).optional(),
  lang: languageSchema.optional(),
};

export function downloadLanguage(request: FastifyRequest): Language {
  const lang = (request.query as { lang?: Language } | undefined)?.lang;
  return lang ?? request.language;
}

/**
 * `members-20250131-0930.xlsx`, in Seoul time as the rows inside are (specification §9), whatever the
 * server's own time zone (QA: a UTC server named a file of the 25th "…20261124…").
 */
export function datedFileName(base: string, now = new Date()): string {
  // 'sv-SE' writes `2025-01-31 09:30:00`.
  const [date = '', time = ''] = seoulTime(now).split(' ');
  return `${base}-${date.replaceAll('-', '')}-${time.slice(0, 5).replace(':', '')}.xlsx`;
}

/** Writes the sheet in the worker (large sheets take seconds of CPU) and sends it as an attachment. */
export async function sendXlsx(reply: FastifyReply, sheet: SheetToWrite, fileName: string): Promise<FastifyReply> {
  let bytes: Uint8Array | null = null;
  await runWorkerTask({ kind: 'write', ...sheet }, (message) => {
    if (message.kind === 'written') bytes = message.bytes;
  });
  if (!bytes) throw new Error('the worker wrote no workbook');
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(Buffer.from(bytes as Uint8Array));
}
