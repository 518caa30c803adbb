import { usePopup } from '../../shell/popups/popup-context';
import { closeAfterSaving } from '../../shell/popups/popup-toasts';
import { useT } from '../../i18n/use-t';
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
        onSaved={() => closeAfterSaving(popup, t('resource.saved'))}
        onCancel={popup?.close}
      />
    </PopupFormCard>
  );
}
