import { Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { PopupWindowHeading } from '../../app/popups/popup-window-heading';
import { useT } from '../../i18n/use-t';
import { showToast } from '../../ui/feedback/toaster';
import { ResourceForm } from '../../ui/resource/resource-form';
import { consultationView } from './consultations.resource';
import { usePopupConsultation } from './use-popup-consultation';

/** Pop-up `outbound/{id}/edit-consultation/{consultationId}`: the whole consultation form; closes once saved. */
export default function EditConsultationPopup() {
  const t = useT();
  const { popup, data: consultation, error, isLoading } = usePopupConsultation();
  if (isLoading) return <Spinner />;
  if (!consultation) return <NonIdealState icon="search" title={t('consultation.not_found')} description={error?.message} />;
  return (
    <Card data-testid="edit-consultation-popup" style={{ margin: 16 }}>
      <PopupWindowHeading titleId="popup.edit-consultation" subject={consultation.title} />
      <ResourceForm
        view={consultationView}
        record={consultation}
        onSaved={() => {
          void showToast(t('consultation.saved'));
          popup?.close();
        }}
        onCancel={popup?.close}
      />
    </Card>
  );
}
