import { useScreenInfo } from './screen-info';
import { StatePanel } from './state-panel';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';

export interface NotAvailableYetProps {
  /** The feature to name; defaults to the title of the route or pop-up being shown. */
  titleId?: MessageId;
}

/**
 * Stands in for a screen a later piece of work builds (docs/screens.md lists which). Default export,
 * because the route table and the pop-up registry load screens as `() => import(...)`.
 */
export default function NotAvailableYet({ titleId }: NotAvailableYetProps) {
  const t = useT();
  const info = useScreenInfo();
  const featureId = titleId ?? info?.titleId;
  const feature = featureId ? t(featureId) : t('not_available.this_screen');
  return (
    <StatePanel
      testId="not-available-yet"
      icon="build"
      title={t('not_available.title', { feature })}
      description={t('not_available.description')}
    />
  );
}
