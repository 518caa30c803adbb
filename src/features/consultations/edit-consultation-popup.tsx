import { NonIdealState, Spinner } from '@blueprintjs/core';
import { PopupWindowHeading } from '../../shell/popups/popup-window-heading';
import { useT } from '../../i18n/use-t';
import { ResourceForm } from '../../ui/resource/resource-form';
import { consultationView } from './consultations.resource';
import { usePopupConsultation } from './use-popup-consultation';
import { PopupFormCard } from '../../ui/layout/popup-form-card';
import { closeAfterSaving } from '../../shell/popups/popup-toasts';

/** Pop-up `outbound/{id}/edit-consultation/{consultationId}`: the whole consultation form; closes once saved. */
export default function EditConsultationPopup() {
  const t = useT();
  const { popup, data: consultation, error, isLoading } = usePopupConsultation();
  if (isLoading) return <Spinner />;
  if (!consultation) return <NonIdealState icon="search" title={t('consultation.not_found')} description={error?.message} />;
  return (
    <PopupFormCard testId="edit-consultation-popup">
      <PopupWindowHeading titleId="popup.edit-consultation" subject={consultation.title} />
      <ResourceForm
        view={consultationView}
        record={consultation}
        onSaved={() => closeAfterSaving(popup, t('consultation.saved'))}
        onCancel={popup?.close}
      />
    </PopupFormCard>
  );
}
