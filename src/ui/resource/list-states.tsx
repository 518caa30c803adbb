import { Button, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { SWRResponse } from 'swr';
import type { ApiError } from '../../api/errors';
import type { Page } from '../../api/resources/resource-contract';
import { LoadingState } from '../feedback/loading-state';
import { StatePanel } from '../feedback/state-panel';
import { useT, useTranslateMaybeId } from '../../i18n/use-t';

export interface ListStatesProps {
  response: Pick<SWRResponse<Page<unknown>, ApiError>, 'data' | 'error' | 'isLoading'> & { mutate: () => unknown; isPrevious?: boolean };
  /** A search or filter is applied: an empty result says so instead of "nothing yet". */
  filtered: boolean;
  /** `id` of the text saying why the server refused the query, for the search box to point at. */
  rejectionId?: string;
  children: ReactNode;
}

/**
 * The error the list shows instead of rows, if any: this query's, when no page of it is there. A page
 * of an earlier query (kept while this one loaded) is stale once this one failed, so it goes.
 */
export function listErrorShown(response: ListStatesProps['response']): ApiError | null {
  const { data, error, isPrevious } = response;
  return error && (!data || isPrevious) ? error : null;
}

/** The server's reasons for refusing a list query (422): its field messages, else its message. */
export function rejectionReasons(error: ApiError): string[] {
  const reasons = [...new Set(Object.values(error.fieldErrors).flat())];
  return reasons.length > 0 ? reasons : [error.message];
}

/** Loading, failed and empty lists as NonIdealStates; the table otherwise (kept while the next page loads). */
export function ListStates({ response, filtered, rejectionId, children }: ListStatesProps) {
  const t = useT();
  const translate = useTranslateMaybeId();
  const { data, isLoading, mutate } = response;
  const error = listErrorShown(response);
  if (!data && isLoading) return <LoadingState />;
  if (error?.status === 422) {
    // The query itself was refused (a search longer than the server takes, a filter it cannot read):
    // asking again would only be refused again, so say why instead of offering to retry.
    return (
      <StatePanel
        testId="list-rejected"
        icon="search"
        title={t('resource.query_rejected')}
        description={<span id={rejectionId}>{rejectionReasons(error).map(translate).join(' ')}</span>}
      />
    );
  }
  if (error) {
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
