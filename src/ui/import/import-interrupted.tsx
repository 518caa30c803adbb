import { Button, Callout, FileInput, FormGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { importPaths, type ImportEntity, type ImportStatus } from '../../api/contracts/import.contract';
import { isApiError } from '../../api/errors';
import { discardImport, resumeImport } from '../../api/import-export-api';
import { formatDateTime } from '../../i18n/dates';
import { useT, useTranslateMaybeId } from '../../i18n/use-t';
import { showError } from '../feedback/error-store';
import { useImportParams } from './import-params';
import { ImportStartOverDialog } from './import-start-over-dialog';

export interface ImportInterruptedProps {
  entity: ImportEntity;
  /** An import with status `interrupted`. */
  status: ImportStatus;
  /** The import runs again, from its first uncommitted row. */
  onResumed: (started: ImportStatus) => void;
  /** The user confirmed importing every row of the file again. */
  onStartOver: (interrupted: ImportStatus) => void;
  /** The interrupted import was forgotten (its rows stay). */
  onDiscarded: () => void;
}

/** SWR key of the caller's interrupted imports (ImportUploadStep lists them). */
export const interruptedImportsKey = (entity: ImportEntity) => [importPaths(entity).interrupted] as const;

/**
 * An import a stopped server cut short (docs/import-export.md "Imports survive a restart"): what went in
 * (the server's words), and the two ways on. **Resume** takes the same file again (the server holds no
 * copy; it checks the bytes) and continues from the first row not committed, so nothing is added twice.
 * **Start over** asks first (ImportStartOverDialog): the committed rows stay and importing everything
 * again adds them a second time; the dialog also offers to only forget the interrupted import.
 */
export function ImportInterrupted({ entity, status, onResumed, onStartOver, onDiscarded }: ImportInterruptedProps) {
  const t = useT();
  const translate = useTranslateMaybeId();
  const { mutate } = useSWRConfig();
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<'resume' | 'discard' | null>(null);
  const [asking, setAsking] = useState(false);
  const params = useImportParams();
  const inputId = `import-resume-file-${status.import_id}`;

  const resume = async () => {
    if (!file) {
      setErrors(['validation.import_file_required']);
      return;
    }
    setErrors([]);
    setBusy('resume');
    try {
      const started = await resumeImport(entity, status.import_id, file, undefined, params);
      // The status poll of this import starts again from the answer, not from the cached `interrupted`.
      await mutate([importPaths(entity).status(status.import_id)], started, { revalidate: false });
      void mutate(interruptedImportsKey(entity));
      onResumed(started);
    } catch (err) {
      if (isApiError(err) && err.fieldErrors.file) setErrors(err.fieldErrors.file);
      else showError(err);
    } finally {
      setBusy(null);
    }
  };

  const discard = async () => {
    setBusy('discard');
    try {
      await discardImport(entity, status.import_id);
      setAsking(false);
      void mutate(interruptedImportsKey(entity));
      onDiscarded();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Callout intent={Intent.WARNING} icon="warning-sign" title={t('import.interrupted.title', { file: status.file_name })} data-testid="import-interrupted">
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <span data-testid="import-interrupted-message">{status.message}</span>
        {status.interrupted_at && <small>{t('import.interrupted.when', { time: formatDateTime(status.interrupted_at) })}</small>}
        <FormGroup
          label={t('import.interrupted.file_label', { file: status.file_name })}
          labelFor={inputId}
          helperText={
            errors.length > 0 ? (
              <span role="alert" data-testid="import-resume-errors">
                {errors.map(translate).join(' ')}
              </span>
            ) : undefined
          }
          intent={errors.length > 0 ? Intent.DANGER : Intent.NONE}
          style={{ marginBottom: 0 }}
        >
          <FileInput
            fill
            disabled={busy !== null}
            text={file?.name ?? t('import.upload.choose')}
            hasSelection={file !== null}
            buttonText={t('import.upload.browse')}
            inputProps={{ id: inputId, accept: '.xlsx', 'aria-invalid': errors.length > 0, ...{ 'data-testid': 'import-resume-file' } }}
            onInputChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setErrors([]);
            }}
          />
        </FormGroup>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button
            intent={Intent.PRIMARY}
            icon="play"
            data-testid="import-resume"
            loading={busy === 'resume'}
            disabled={busy !== null}
            text={status.resume_row ? t('import.interrupted.resume_from', { row: status.resume_row }) : t('import.interrupted.resume')}
            onClick={() => void resume()}
          />
          <Button variant="outlined" icon="refresh" data-testid="import-start-over" disabled={busy !== null} text={t('import.interrupted.start_over')} onClick={() => setAsking(true)} />
        </div>
      </div>
      <ImportStartOverDialog
        isOpen={asking}
        status={status}
        busy={busy === 'discard'}
        onImportAll={() => {
          setAsking(false);
          onStartOver(status);
        }}
        onDiscard={() => void discard()}
        onCancel={() => setAsking(false)}
      />
    </Callout>
  );
}
