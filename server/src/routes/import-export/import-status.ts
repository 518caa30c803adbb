import { IMPORT_STATUS_ERROR_LIMIT, type ImportStatus } from '../../../../src/api/contracts/import.contract';
import type { Language } from '../../../../src/api/contracts/session.contract';
import { translate } from '../../lib/i18n';
import type { ImportJob } from '../../services/import/import-jobs';

/** A job as the status route answers it, messages in the caller's language. */
export function importStatusOf(job: ImportJob, language: Language): ImportStatus {
  const end = job.finishedAt ?? Date.now();
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
    message: job.failureIds.length > 0 ? job.failureIds.map((id) => translate(id, language)).join(' ') : null,
    elapsed_ms: job.startedAt === null ? 0 : Math.max(0, end - job.startedAt),
    parse_ms: job.startedAt === null || job.parsedAt === null ? null : job.parsedAt - job.startedAt,
  };
}
