import { MemberSettingsScreen } from './member-settings-screen';
import { memberGroupView } from './member-settings.resource';

/** /configuration/members/groups */
export default function MemberGroupsScreen() {
  return <MemberSettingsScreen view={memberGroupView} />;
}
