import { openPopup } from '../../shell/popups/open-popup';
import { ConsultationSettingsScreen } from './consultation-settings-screen';
import { consultationCustomFieldView } from './consultation-settings.resource';

/**
 * /configuration/consultation/custom-fields: adding and editing open the specification's pop-ups
 * `consultation/add-custom-field` and `consultation/edit-custom-field/{id}` (window or dialog).
 */
export default function CustomFieldsScreen() {
  return (
    <ConsultationSettingsScreen
      view={consultationCustomFieldView}
      onAdd={() => openPopup('consultation-add-custom-field')}
      onEdit={(field) => openPopup('consultation-edit-custom-field', { id: field.id })}
    />
  );
}
