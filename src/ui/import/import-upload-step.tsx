import { Button, Callout, ControlGroup, FileInput, FormGroup, Intent, ProgressBar } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { IMPORT_MAX_FILE_BYTES, type ImportEntity, type ImportPreview, type ImportStatus } from '../../api/contracts/import.contract';
import { isApiError } from '../../api/errors';
import { interruptedImports, uploadImport } from '../../api/import-export-api';
import { useT, useTranslateMaybeId } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';
import { showError } from '../feedback/error-store';
import { ImportInterrupted, interruptedImportsKey } from './import-interrupted';
import { useImportParams } from './import-params';
import { openDownload } from './open-download';
import { importTexts } from './import-texts';

export interface ImportUploadStepProps {
  entity: ImportEntity;
  onPreview: (preview: ImportPreview) => void;
  /** An interrupted import the user chose to import again from its first row (sent as `start_over`). @default null */
  startOver?: ImportStatus | null;
  /** The user no longer wants to start `startOver` over. */
  onCancelStartOver?: () => void;
  /** An interrupted import listed here was resumed. */
  onResumed: (started: ImportStatus) => void;
  /** The user confirmed starting an interrupted import listed here over. */
  onStartOver: (interrupted: ImportStatus) => void;
}

/** The page's own first check (the server checks again, and the bytes): the name and the size. */
function localProblem(entity: ImportEntity, file: File | null): MessageId | null {
  if (!file) return 'validation.import_file_required';
  if (!/\.xlsx$/i.test(file.name)) return importTexts(entity).xlsxOnly;
  if (file.size > IMPORT_MAX_FILE_BYTES) return 'validation.import_file_too_large';
  return null;
}

/**
 * Step 1: choose an .xlsx (or download the sample), upload it with a progress bar, get the preview.
 * Above it, the user's imports that a stopped server cut short, each to resume or start over.
 */
export function ImportUploadStep({ entity, onPreview, startOver = null, onCancelStartOver, onResumed, onStartOver }: ImportUploadStepProps) {
  const t = useT();
  const translate = useTranslateMaybeId();
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const params = useImportParams();
  // Failing to list them only means none are shown: the upload still works (and the server still
  // refuses the very file of an interrupted import without an explicit start over).
  const interrupted = useSWR(interruptedImportsKey(entity), () => interruptedImports(entity), { shouldRetryOnError: false });
  const listed = (interrupted.data ?? []).filter((status) => status.import_id !== startOver?.import_id);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    const problem = chosen ? localProblem(entity, chosen) : null;
    setErrors(problem ? [problem] : []);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = localProblem(entity, file);
    if (problem || !file) {
      setErrors([problem ?? 'validation.import_file_required']);
      return;
    }
    setErrors([]);
    setProgress(0);
    try {
      onPreview(await uploadImport(entity, file, setProgress, startOver?.import_id, params));
    } catch (err) {
      if (isApiError(err) && err.fieldErrors.file) setErrors(err.fieldErrors.file);
      else showError(err);
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <form onSubmit={(event) => void submit(event)} data-testid="import-upload" style={{ display: 'flex', flexDirection: 'column', gap: 12, maxWidth: 640 }}>
      {listed.map((status) => (
        <ImportInterrupted key={status.import_id} entity={entity} status={status} onResumed={onResumed} onStartOver={onStartOver} onDiscarded={() => {}} />
      ))}
      {startOver && (
        <Callout intent={Intent.WARNING} data-testid="import-start-over-note">
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8, alignItems: 'flex-start' }}>
            <span>{t('import.start_over.note', { file: startOver.file_name, inserted: startOver.inserted })}</span>
            <Button variant="minimal" size="small" data-testid="import-start-over-cancel-note" text={t('import.start_over.keep')} onClick={onCancelStartOver} />
          </div>
        </Callout>
      )}
      <FormGroup
        label={t('import.upload.file_label')}
        labelFor="import-file"
        helperText={
          errors.length > 0 ? (
            <span role="alert" data-testid="import-file-errors">
              {errors.map(translate).join(' ')}
            </span>
          ) : (
            t('import.upload.hint')
          )
        }
        intent={errors.length > 0 ? Intent.DANGER : Intent.NONE}
      >
        <ControlGroup fill>
          <FileInput
            fill
            disabled={uploading}
            text={file?.name ?? t('import.upload.choose')}
            hasSelection={file !== null}
            buttonText={t('import.upload.browse')}
            inputProps={{ id: 'import-file', accept: '.xlsx', 'aria-invalid': errors.length > 0, ...{ 'data-testid': 'import-file' } }}
            onInputChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
          />
        </ControlGroup>
      </FormGroup>
      {uploading && (
        <div data-testid="import-upload-progress">
          <ProgressBar value={progress} intent={Intent.PRIMARY} />
          <small>{t('import.upload.uploading', { percent: Math.round((progress ?? 0) * 100) })}</small>
        </div>
      )}
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="submit" intent={Intent.PRIMARY} icon="upload" loading={uploading} data-testid="import-upload-submit" text={t('import.upload.submit')} />
        <Button
          icon="download"
          variant="outlined"
          data-testid="import-sample"
          text={t('import.upload.sample')}
          onClick={() => void openDownload(`${entity}-import-sample`, `${entity}/import/xlsx/sample/${entity}s`, {}, { type: 'xlsx', name: `${entity}s` })}
        />
      </div>
    </form>
  );
}
