import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useAutoCallActions, useAutoCallCounts } from '../../api/resources/auto-call-api';
import { useT } from '../../i18n/use-t';
import { closeAfterSaving } from '../../shell/popups/popup-toasts';
import { showError } from '../../ui/feedback/error-store';
import { CampaignNotFound } from './campaign-not-found';
import { deleteLock } from './numbers-locks';
import { usePopupCampaign } from './use-popup-campaign';

/**
 * delete-auto-call-system-data and delete-public-auto-call-system-data (`?campaign_id=`): asks first,
 * naming the campaign and how many numbers go, then deletes every number of it (refused while it runs).
 */
export default function AutoCallDeletePopup() {
  const t = useT();
  const { popup, campaignId, campaign, loading } = usePopupCampaign();
  const { data: counts } = useAutoCallCounts();
  const { deleteNumbers } = useAutoCallActions();
  const [busy, setBusy] = useState(false);
  if (loading) return <Spinner />;
  if (!campaign || campaignId === null) return <CampaignNotFound />;
  const total = counts?.get(campaignId)?.total ?? 0;
  const locked = deleteLock(campaign.state);
  const confirm = async () => {
    setBusy(true);
    try {
      const deleted = await deleteNumbers(campaignId);
      closeAfterSaving(popup, t('auto-call.delete.done', { count: deleted }));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="auto-call-delete" style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      {locked ? (
        <Callout intent={Intent.WARNING} data-testid="auto-call-delete-locked">
          {t(locked)}
        </Callout>
      ) : (
        <p data-testid="auto-call-delete-question">{t('auto-call.delete.question', { name: campaign.name, count: total })}</p>
      )}
      <div style={{ display: 'flex', gap: 8 }}>
        <Button
          intent={Intent.DANGER}
          icon="trash"
          loading={busy}
          disabled={locked !== undefined || total === 0}
          data-testid="auto-call-delete-confirm"
          text={t('auto-call.delete.confirm')}
          onClick={() => void confirm()}
        />
        <Button disabled={busy} text={t('auto-call.popup.cancel')} onClick={popup?.close} data-testid="auto-call-delete-cancel" />
      </div>
    </div>
  );
}
