import { Spinner } from '@blueprintjs/core';
import { StatePanel } from './state-panel';
import { useT } from '../../i18n/use-t';

/** A centred spinner with an accessible label, for screens and guards that wait. */
export function LoadingState() {
  const t = useT();
  return <StatePanel testId="loading" icon={<Spinner aria-label={t('common.loading')} />} />;
}
