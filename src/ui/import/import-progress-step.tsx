import { Button, Callout, Intent, ProgressBar } from '@blueprintjs/core';
import type { ImportEntity, ImportStatus, ImportStatusName } from '../../api/contracts/import.contract';
import { isImportFinished } from '../../api/contracts/import.contract';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';
import { ImportErrorsTable } from './import-errors-table';
import { ImportInterrupted } from './import-interrupted';
import { openDownload } from './open-download';
import { useImportStatus } from './use-import-status';

export interface ImportProgressStepProps {
  entity: ImportEntity;
  started: ImportStatus;
  onAgain: () => void;
  /** The import, interrupted by a server stop, runs again. */
  onResumed: (started: ImportStatus) => void;
  /** The user confirmed starting the interrupted import over. */
  onStartOver: (interrupted: ImportStatus) => void;
}

const STATUS_TEXT: Record<ImportStatusName, MessageId> = {
  uploaded: 'import.status.queued',
  queued: 'import.status.queued',
  parsing: 'import.status.parsing',
  importing: 'import.status.importing',
  done: 'import.status.done',
  failed: 'import.status.failed',
  interrupted: 'import.status.interrupted',
};

/**
 * Step 3: a progress bar while the rows go in, then what was imported and every refused row. An import
 * cut short by a server stop says what went in and offers to resume or start over (ImportInterrupted).
 */
export function ImportProgressStep({ entity, started, onAgain, onResumed, onStartOver }: ImportProgressStepProps) {
  const t = useT();
  const status = useImportStatus(entity, started);
  const interrupted = status.status === 'interrupted';
  const finished = isImportFinished(status.status) && !interrupted;
  const fraction = status.total_rows > 0 ? status.processed / status.total_rows : 0;
  // Until the worker has read the file there is nothing to count: an indeterminate bar.
  const value = status.status === 'queued' || status.status === 'parsing' ? undefined : finished ? 1 : fraction;
  const intent = status.status === 'failed' ? Intent.DANGER : interrupted ? Intent.WARNING : finished ? Intent.SUCCESS : Intent.PRIMARY;
  return (
    <div data-testid="import-progress" data-status={status.status} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div>
        <strong data-testid="import-status">{t(STATUS_TEXT[status.status])}</strong>{' '}
        <span data-testid="import-counts">{t('import.progress.rows', { processed: status.processed, total: status.total_rows })}</span>
      </div>
      <ProgressBar value={value} intent={intent} animate={!finished && !interrupted} stripes={!finished && !interrupted} aria-label={t(STATUS_TEXT[status.status])} />
      {interrupted && <ImportInterrupted entity={entity} status={status} onResumed={onResumed} onStartOver={onStartOver} onDiscarded={onAgain} />}
      {status.message && !interrupted && (
        <Callout intent={Intent.DANGER} data-testid="import-failure">
          {status.message}
        </Callout>
      )}
      {finished && (
        <Callout intent={status.failed > 0 ? Intent.WARNING : Intent.SUCCESS} data-testid="import-result">
          {t('import.result.summary', { inserted: status.inserted, failed: status.failed })}
        </Callout>
      )}
      {status.errors.length > 0 && (
        <section style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <strong>{t('import.result.errors_title')}</strong>
          {status.errors_truncated && <small>{t('import.result.errors_truncated')}</small>}
          <ImportErrorsTable errors={status.errors} />
        </section>
      )}
      {finished && (
        <div style={{ display: 'flex', gap: 8 }}>
          {status.failed > 0 && (
            <Button
              icon="download"
              data-testid="import-error-report"
              text={t('import.result.download_errors')}
              onClick={() => void openDownload(`${entity}-import-errors`, `${entity}/import/${status.import_id}/errors`, {}, { id: status.import_id })}
            />
          )}
          <Button variant="outlined" icon="upload" data-testid="import-again" text={t('import.result.again')} onClick={onAgain} />
        </div>
      )}
    </div>
  );
}
