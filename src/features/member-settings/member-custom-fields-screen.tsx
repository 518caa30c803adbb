import { MemberSettingsScreen } from './member-settings-screen';
import { memberCustomFieldView } from './member-settings.resource';

/** /configuration/members/custom-fields */
export default function MemberCustomFieldsScreen() {
  return <MemberSettingsScreen view={memberCustomFieldView} />;
}
