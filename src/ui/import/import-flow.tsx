import { useState } from 'react';
import type { ImportEntity, ImportPreview, ImportStatus } from '../../api/contracts/import.contract';
import { ImportMappingStep } from './import-mapping-step';
import { ImportProgressStep } from './import-progress-step';
import { ImportUploadStep } from './import-upload-step';

export interface ImportFlowProps {
  entity: ImportEntity;
}

type Step = { name: 'upload' } | { name: 'mapping'; preview: ImportPreview } | { name: 'progress'; started: ImportStatus };

/**
 * An Excel import, one screen for every entity: upload (checked, with the sample a click away) →
 * preview and column mapping → progress bar → the result with every refused row. The server does the
 * work (docs/import-export.md); the page only follows it.
 */
export function ImportFlow({ entity }: ImportFlowProps) {
  const [step, setStep] = useState<Step>({ name: 'upload' });
  const again = () => setStep({ name: 'upload' });
  if (step.name === 'mapping') {
    return <ImportMappingStep entity={entity} preview={step.preview} onBack={again} onStarted={(started) => setStep({ name: 'progress', started })} />;
  }
  if (step.name === 'progress') return <ImportProgressStep entity={entity} started={step.started} onAgain={again} />;
  return <ImportUploadStep entity={entity} onPreview={(preview) => setStep({ name: 'mapping', preview })} />;
}
