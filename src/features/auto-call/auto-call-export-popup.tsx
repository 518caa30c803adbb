import { Button, H5, Intent, Spinner } from '@blueprintjs/core';
import { AUTO_CALL_PATHS } from '../../api/contracts/auto-call.contract';
import { useAutoCallCounts } from '../../api/resources/auto-call-api';
import { useT } from '../../i18n/use-t';
import { openDownload } from '../../ui/import/open-download';
import { CampaignNotFound } from './campaign-not-found';
import { usePopupCampaign } from './use-popup-campaign';

/**
 * export-auto-call-system-data and export-public-auto-call-system-data (`?campaign_id=`): every number
 * of the campaign with its attempts and result, as .xlsx in a new tab (a download token).
 */
export default function AutoCallExportPopup() {
  const t = useT();
  const { popup, campaignId, campaign, loading } = usePopupCampaign();
  const { data: counts } = useAutoCallCounts();
  if (loading) return <Spinner />;
  if (!campaign || campaignId === null) return <CampaignNotFound />;
  const total = counts?.get(campaignId)?.total ?? 0;
  return (
    <div data-testid="auto-call-export" style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <H5>{t('auto-call.export.title', { name: campaign.name })}</H5>
      <p data-testid="auto-call-export-count">{t('auto-call.export.count', { count: total })}</p>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button
          intent={Intent.PRIMARY}
          icon="download"
          data-testid="auto-call-export-download"
          text={t('auto-call.export.download')}
          onClick={() => void openDownload('auto-call-numbers-export', AUTO_CALL_PATHS.export, { campaign_id: campaignId })}
        />
        <Button text={t('auto-call.popup.close')} onClick={popup?.close} data-testid="auto-call-export-close" />
      </div>
    </div>
  );
}
