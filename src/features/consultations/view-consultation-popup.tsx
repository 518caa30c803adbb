import { Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { PopupWindowHeading } from '../../shell/popups/popup-window-heading';
import { useT } from '../../i18n/use-t';
import { ResourceDetails } from '../../ui/resource/resource-detail-dialog';
import { consultationView } from './consultations.resource';
import { usePopupConsultation } from './use-popup-consultation';

/** Pop-up `outbound/{id}/view-consultation/{consultationId}`: every field of the consultation, read only. */
export default function ViewConsultationPopup() {
  const t = useT();
  const { data: consultation, error, isLoading } = usePopupConsultation();
  if (isLoading) return <Spinner />;
  if (!consultation) return <NonIdealState icon="search" title={t('consultation.not_found')} description={error?.message} />;
  return (
    <Card data-testid="view-consultation-popup" style={{ margin: 16 }}>
      <PopupWindowHeading titleId="popup.view-consultation" subject={consultation.title} />
      <ResourceDetails view={consultationView} record={consultation} />
    </Card>
  );
}
