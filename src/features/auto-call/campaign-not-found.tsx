import { NonIdealState } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';

/** A numbers pop-up opened without a campaign of the company (a stale link, another company's id). */
export function CampaignNotFound() {
  const t = useT();
  return (
    <div data-testid="auto-call-campaign-not-found">
      <NonIdealState icon="search" title={t('entity.not_found', { noun: t('auto-call.noun') })} />
    </div>
  );
}
