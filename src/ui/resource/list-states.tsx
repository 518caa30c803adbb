import { Button, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { SWRResponse } from 'swr';
import type { ApiError } from '../../api/errors';
import type { Page } from '../../api/resources/resource-contract';
import { LoadingState } from '../feedback/loading-state';
import { StatePanel } from '../feedback/state-panel';
import { useT } from '../../i18n/use-t';

export interface ListStatesProps {
  response: Pick<SWRResponse<Page<unknown>, ApiError>, 'data' | 'error' | 'isLoading'> & { mutate: () => unknown };
  /** A search or filter is applied: an empty result says so instead of "nothing yet". */
  filtered: boolean;
  children: ReactNode;
}

/** Loading, failed and empty lists as NonIdealStates; the table otherwise (kept while the next page loads). */
export function ListStates({ response, filtered, children }: ListStatesProps) {
  const t = useT();
  const { data, error, isLoading, mutate } = response;
  if (!data && isLoading) return <LoadingState />;
  if (!data && error) {
    return (
      <StatePanel
        testId="list-error"
        icon="error"
        title={t('resource.load_failed')}
        description={error.message}
        action={<Button intent={Intent.PRIMARY} icon="refresh" onClick={() => void mutate()} text={t('common.retry')} />}
      />
    );
  }
  if (data && data.total === 0) {
    return <StatePanel testId="list-empty" icon={filtered ? 'search' : 'inbox'} title={t(filtered ? 'resource.no_matches' : 'resource.empty')} />;
  }
  return <>{children}</>;
}
