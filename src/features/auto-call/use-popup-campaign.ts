import { autoCallEntity, type AutoCallCampaign } from '../../api/contracts/auto-call.contract';
import { useResourceRecord } from '../../api/resources/use-resource';
import { usePopup } from '../../shell/popups/popup-context';

/** The campaign a numbers pop-up was opened for (`?campaign_id=`), and the pop-up itself. */
export function usePopupCampaign(): { popup: ReturnType<typeof usePopup>; campaignId: number | null; campaign: AutoCallCampaign | undefined; loading: boolean } {
  const popup = usePopup();
  const id = Number(popup?.query.campaign_id ?? popup?.params.campaign_id);
  const campaignId = Number.isInteger(id) && id > 0 ? id : null;
  const { data, error, isLoading } = useResourceRecord(autoCallEntity.contract, campaignId);
  // A refusal (404) is final: SWR's retries should not keep the pop-up spinning.
  return { popup, campaignId, campaign: data as AutoCallCampaign | undefined, loading: isLoading && !error };
}
