import { NonIdealState, Spinner } from '@blueprintjs/core';
import { consultationCustomFieldContract } from '../../api/contracts/consultation-settings.contract';
import { useResourceRecord } from '../../api/resources/use-resource';
import { usePopup } from '../../shell/popups/popup-context';
import { closeAfterSaving } from '../../shell/popups/popup-toasts';
import { useT } from '../../i18n/use-t';
import { ResourceForm } from '../../ui/resource/resource-form';
import { consultationCustomFieldView } from './consultation-settings.resource';
import { PopupFormCard } from '../../ui/layout/popup-form-card';

/**
 * Pop-up `consultation/edit-custom-field/{id}`: the custom field form. Renaming asks the confirmation of
 * specification §5 first (the values move to the new name in every consultation).
 */
export default function EditCustomFieldPopup() {
  const t = useT();
  const popup = usePopup();
  const id = Number(popup?.params.id);
  const { data: field, error, isLoading } = useResourceRecord(consultationCustomFieldContract, Number.isInteger(id) && id > 0 ? id : null);
  if (isLoading) return <Spinner />;
  if (!field) return <NonIdealState icon="search" data-testid="custom-field-not-found" title={t('consultation_custom_field.not_found')} description={error?.message} />;
  return (
    <PopupFormCard testId="consultation-edit-custom-field-popup">
      <ResourceForm
        view={consultationCustomFieldView}
        record={field}
        onSaved={() => closeAfterSaving(popup, t('resource.saved'))}
        onCancel={popup?.close}
      />
    </PopupFormCard>
  );
}
