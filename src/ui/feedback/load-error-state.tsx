import { Button, Intent } from '@blueprintjs/core';
import { StatePanel } from './state-panel';
import { useT } from '../../i18n/use-t';

export interface LoadErrorStateProps {
  onRetry: () => void;
  /** True when the load timed out rather than failed. @default false */
  timedOut?: boolean;
}

/** A screen's code could not be loaded (offline, new deployment, time-out): say so and offer a retry. */
export function LoadErrorState({ onRetry, timedOut = false }: LoadErrorStateProps) {
  const t = useT();
  return (
    <StatePanel
      testId="load-error"
      icon="offline"
      title={t(timedOut ? 'load_error.timeout_title' : 'load_error.title')}
      description={t('load_error.description')}
      action={<Button intent={Intent.PRIMARY} icon="refresh" onClick={onRetry} text={t('common.retry')} />}
    />
  );
}
