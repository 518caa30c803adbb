import type { ReactNode } from 'react';
import { Button, Callout, Card, Classes, H5, Intent } from '@blueprintjs/core';
import type { ApiError } from '../../api/errors';
import type { MessageId } from '../../i18n/message-ids';
import { useT, useTranslateMaybeId } from '../../i18n/use-t';

/** What a widget's data hook gives (an SWR answer's useful part). */
export interface WidgetData<T> {
  data: T | undefined;
  error: ApiError | undefined;
  /** Ask again (SWR's mutate): the retry of a failed widget. */
  retry: () => void;
}

/**
 * One dashboard widget: a card with its title, then a skeleton while its data loads, a compact error
 * with a retry when its request failed (the rest of the dashboard stays), else `children(data)`.
 */
export function DashboardWidget<T>({ testId, titleId, source, children }: { testId: string; titleId: MessageId; source: WidgetData<T>; children: (data: T) => ReactNode }) {
  const t = useT();
  const translate = useTranslateMaybeId();
  let body: ReactNode;
  if (source.error && source.data === undefined) {
    body = (
      <Callout compact intent={Intent.DANGER} icon="error" data-testid={`${testId}-error`}>
        <p>{t('dashboard.widget_failed')}</p>
        <p className={Classes.TEXT_MUTED}>{translate(source.error.message)}</p>
        <Button small icon="refresh" text={t('common.retry')} onClick={source.retry} data-testid={`${testId}-retry`} />
      </Callout>
    );
  } else if (source.data === undefined) {
    body = (
      <div data-testid={`${testId}-loading`} aria-busy="true" aria-label={t('common.loading')}>
        <div className={Classes.SKELETON} style={{ height: 16, marginBottom: 8 }} />
        <div className={Classes.SKELETON} style={{ height: 16, marginBottom: 8, width: '80%' }} />
        <div className={Classes.SKELETON} style={{ height: 16, width: '60%' }} />
      </div>
    );
  } else {
    body = children(source.data);
  }
  return <WidgetCard testId={testId} titleId={titleId}>{body}</WidgetCard>;
}

/**
 * The card alone, for a widget whose data is not a request (the pushed queue board). `fullRow`: the
 * widget takes a whole row of the grid, however many columns the screen's width gives it. Content wider
 * than the card scrolls inside it rather than spilling over its neighbour.
 */
export function WidgetCard({ testId, titleId, fullRow = false, children }: { testId: string; titleId: MessageId; fullRow?: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <Card data-testid={testId} style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0, overflowX: 'auto', ...(fullRow ? { gridColumn: '1 / -1' } : {}) }}>
      <H5 style={{ margin: 0 }}>{t(titleId)}</H5>
      {children}
    </Card>
  );
}
