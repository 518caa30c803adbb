import { Button, FormGroup, HTMLSelect, HTMLTable, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { ImportEntity, ImportMapping, ImportPreview, ImportStatus } from '../../api/contracts/import.contract';
import { isApiError } from '../../api/errors';
import { commitImport } from '../../api/import-export-api';
import { useT, useTranslateMaybeId } from '../../i18n/use-t';
import { showError } from '../feedback/error-store';

export interface ImportMappingStepProps {
  entity: ImportEntity;
  preview: ImportPreview;
  onStarted: (status: ImportStatus) => void;
  onBack: () => void;
}

/** A, B, … Z, AA: the column letters people see in Excel. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Step 2: the first rows as read, and for every field the column that fills it (suggested by header). */
export function ImportMappingStep({ entity, preview, onStarted, onBack }: ImportMappingStepProps) {
  const t = useT();
  const translate = useTranslateMaybeId();
  const [mapping, setMapping] = useState<ImportMapping>(preview.mapping);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [starting, setStarting] = useState(false);
  const missing = preview.fields.some((field) => field.required && (mapping[field.key] ?? null) === null);
  const columnOptions = [
    { value: '', label: t('import.mapping.not_imported') },
    ...preview.headers.map((header, index) => ({ value: String(index), label: `${columnLetter(index)}: ${header}` })),
  ];

  const start = async () => {
    setStarting(true);
    try {
      onStarted(await commitImport(entity, preview.import_id, mapping));
    } catch (err) {
      if (isApiError(err) && Object.keys(err.fieldErrors).length > 0) setErrors(err.fieldErrors);
      else showError(err);
    } finally {
      setStarting(false);
    }
  };

  return (
    <div data-testid="import-mapping" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <p data-testid="import-summary">{t('import.preview.summary', { file: preview.file_name, rows: preview.total_rows })}</p>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 8 }}>
        {preview.fields.map((field) => {
          const fieldErrors = errors[`mapping.${field.key}`] ?? [];
          return (
            <FormGroup
              key={field.key}
              label={field.label}
              labelFor={`mapping-${field.key}`}
              labelInfo={field.required ? t('form.required_mark') : undefined}
              intent={fieldErrors.length > 0 ? Intent.DANGER : Intent.NONE}
              helperText={fieldErrors.length > 0 ? <span role="alert">{fieldErrors.map(translate).join(' ')}</span> : undefined}
            >
              <HTMLSelect
                id={`mapping-${field.key}`}
                data-testid={`mapping-${field.key}`}
                fill
                value={mapping[field.key] === null || mapping[field.key] === undefined ? '' : String(mapping[field.key])}
                options={columnOptions}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setMapping((current) => ({ ...current, [field.key]: value === '' ? null : Number(value) }));
                }}
              />
            </FormGroup>
          );
        })}
      </div>
      <div style={{ overflowX: 'auto' }}>
        <HTMLTable compact striped data-testid="import-preview-table" aria-label={t('import.preview.rows_title')}>
          <thead>
            <tr>
              {preview.headers.map((header, index) => (
                <th key={index}>{`${columnLetter(index)}: ${header}`}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button
          intent={Intent.PRIMARY}
          icon="import"
          disabled={missing}
          loading={starting}
          data-testid="import-start"
          text={t('import.mapping.start', { rows: preview.total_rows })}
          onClick={() => void start()}
        />
        <Button variant="outlined" icon="undo" data-testid="import-back" text={t('import.mapping.back')} onClick={onBack} />
      </div>
    </div>
  );
}
