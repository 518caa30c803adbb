import { useState } from 'react';
import type { ImportEntity, ImportPreview, ImportStatus } from '../../api/contracts/import.contract';
import { ImportMappingStep } from './import-mapping-step';
import { ImportParamsContext } from './import-params';
import { ImportProgressStep } from './import-progress-step';
import { ImportUploadStep } from './import-upload-step';

export interface ImportFlowProps {
  entity: ImportEntity;
  /** Form fields sent with the upload and a resume (an auto-call campaign's `campaign_id`). */
  params?: Readonly<Record<string, string>>;
}

const NO_PARAMS: Readonly<Record<string, string>> = {};

type Step =
  | { name: 'upload'; startOver: ImportStatus | null }
  | { name: 'mapping'; preview: ImportPreview }
  | { name: 'progress'; started: ImportStatus; run: number };

/**
 * An Excel import, one screen for every entity: upload (checked, with the sample a click away) →
 * preview and column mapping → progress bar → the result with every refused row. The server does the
 * work (docs/import-export.md); the page only follows it. An import a stopped server cut short is
 * resumed (back to the progress bar) or started over (back to the upload, which sends `start_over`).
 */
export function ImportFlow({ entity, params = NO_PARAMS }: ImportFlowProps) {
  return (
    <ImportParamsContext.Provider value={params}>
      <ImportSteps entity={entity} />
    </ImportParamsContext.Provider>
  );
}

function ImportSteps({ entity }: { entity: ImportEntity }) {
  const [step, setStep] = useState<Step>({ name: 'upload', startOver: null });
  const again = () => setStep({ name: 'upload', startOver: null });
  // Each run of the progress step starts afresh, a resumed one too (same import id).
  const progress = (started: ImportStatus) => setStep((current) => ({ name: 'progress', started, run: (current.name === 'progress' ? current.run : 0) + 1 }));
  const startOver = (interrupted: ImportStatus) => setStep({ name: 'upload', startOver: interrupted });
  if (step.name === 'mapping') {
    return <ImportMappingStep entity={entity} preview={step.preview} onBack={again} onStarted={progress} />;
  }
  if (step.name === 'progress') {
    return <ImportProgressStep key={step.run} entity={entity} started={step.started} onAgain={again} onResumed={progress} onStartOver={startOver} />;
  }
  return (
    <ImportUploadStep
      entity={entity}
      startOver={step.startOver}
      onCancelStartOver={again}
      onPreview={(preview) => setStep({ name: 'mapping', preview })}
      onResumed={progress}
      onStartOver={startOver}
    />
  );
}
