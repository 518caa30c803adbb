import { MemberSettingsScreen } from './member-settings-screen';
import { memberLevelView } from './member-settings.resource';

/** /configuration/members/levels */
export default function MemberLevelsScreen() {
  return <MemberSettingsScreen view={memberLevelView} />;
}
