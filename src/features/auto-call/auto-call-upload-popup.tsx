import { Callout, H5, Intent, Spinner } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import { ImportFlow } from '../../ui/import/import-flow';
import { CampaignNotFound } from './campaign-not-found';
import { uploadLock } from './numbers-locks';
import { usePopupCampaign } from './use-popup-campaign';

/**
 * upload-auto-call-system-data and upload-public-auto-call-system-data (`?campaign_id=`): the numbers of
 * a campaign from an .xlsx, through the import pipeline members use (preview, column mapping, progress,
 * every refused row: invalid numbers, numbers twice in the file or already in the campaign). One number
 * a row, in the column headed `phone_number` or else the first.
 */
export default function AutoCallUploadPopup() {
  const t = useT();
  const { campaignId, campaign, loading } = usePopupCampaign();
  if (loading) return <Spinner />;
  if (!campaign || campaignId === null) return <CampaignNotFound />;
  const locked = uploadLock(campaign.state);
  return (
    <div data-testid="auto-call-upload" style={{ padding: 16 }}>
      <H5 data-testid="auto-call-upload-of">{t('auto-call.upload.title', { name: campaign.name })}</H5>
      {locked ? (
        <Callout intent={Intent.WARNING} data-testid="auto-call-upload-locked">
          {t(locked)}
        </Callout>
      ) : (
        <>
          <p>{t('auto-call.upload.hint')}</p>
          <ImportFlow entity="auto-call" params={{ campaign_id: String(campaignId) }} />
        </>
      )}
    </div>
  );
}
