import { usePopup } from '../../app/popups/popup-context';
import { useT } from '../../i18n/use-t';
import { showToast } from '../../ui/feedback/toaster';
import { ResourceForm } from '../../ui/resource/resource-form';
import { consultationCustomFieldView } from './consultation-settings.resource';
import { PopupFormCard } from '../../ui/layout/popup-form-card';

/** Pop-up `consultation/add-custom-field`: the custom field form; closes itself once saved. */
export default function AddCustomFieldPopup() {
  const t = useT();
  const popup = usePopup();
  return (
    <PopupFormCard testId="consultation-add-custom-field-popup">
      <ResourceForm
        view={consultationCustomFieldView}
        onSaved={() => {
          void showToast(t('resource.saved'));
          popup?.close();
        }}
        onCancel={popup?.close}
      />
    </PopupFormCard>
  );
}
