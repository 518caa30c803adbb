import { consultationContract } from '../../api/contracts/consultation.contract';
import { useResourceRecord } from '../../api/resources/use-resource';
import { usePopup } from '../../shell/popups/popup-context';

/** The consultation named by a pop-up's `consultationId` (outbound/{id}/…-consultation/{consultationId}). */
export function usePopupConsultation() {
  const popup = usePopup();
  const id = Number(popup?.params.consultationId);
  return { popup, ...useResourceRecord(consultationContract, Number.isInteger(id) && id > 0 ? id : null) };
}
