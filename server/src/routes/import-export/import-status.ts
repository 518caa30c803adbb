import { IMPORT_STATUS_ERROR_LIMIT, type ImportStatus } from '../../../../src/api/contracts/import.contract';
import type { Language } from '../../../../src/api/contracts/session.contract';
import { translate } from '../../lib/i18n';
import type { ImportJobView } from '../../services/import/import-job-store';

/** The message of an interrupted import: what went in before the server stopped, and what a resume does. */
function interruptedMessage(job: ImportJobView, language: Language): string {
  const values = { processed: job.processed.toLocaleString('en'), total: job.totalRows.toLocaleString('en'), inserted: job.inserted.toLocaleString('en'), row: job.lastRow + 1 };
  return translate(job.lastRow > 0 ? 'errors.import_interrupted' : 'errors.import_interrupted_before_rows', language, values);
}

/**
 * A job as the status route answers it, messages in the caller's language: from this process's memory
 * (a preview, a running or recently ended job) or from the database (import-job-store.ts).
 */
export function importStatusOf(job: ImportJobView, language: Language): ImportStatus {
  const interrupted = job.status === 'interrupted';
  const end = job.finishedAt ?? (interrupted ? job.updatedAt : Date.now());
  return {
    import_id: job.id,
    entity: job.entity,
    file_name: job.fileName,
    status: job.status,
    total_rows: job.totalRows,
    processed: job.processed,
    inserted: job.inserted,
    failed: job.failed,
    errors: job.problems.slice(0, IMPORT_STATUS_ERROR_LIMIT).map((problem) => ({
      row: problem.row,
      field: problem.field,
      column: problem.column,
      message: translate(problem.messageId, language),
    })),
    errors_truncated: job.problems.length > IMPORT_STATUS_ERROR_LIMIT || job.problemsTruncated,
    message: interrupted
      ? interruptedMessage(job, language)
      : job.failureIds.length > 0
        ? job.failureIds.map((id) => translate(id, language)).join(' ')
        : null,
    elapsed_ms: job.startedAt === null ? 0 : Math.max(0, end - job.startedAt),
    parse_ms: job.startedAt === null || job.parsedAt === null ? null : job.parsedAt - job.startedAt,
    resume_row: interrupted && job.lastRow > 0 ? job.lastRow + 1 : null,
    interrupted_at: interrupted ? new Date(job.updatedAt).toISOString() : null,
  };
}
