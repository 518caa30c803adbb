import { useUserInfo } from '../../shell/session/session-selectors';
import { PageFrame } from '../../ui/page/page-frame';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { memberView } from './members.resource';

/** /members: the members list with search, filters, sort, column settings, add, edit, view and delete. */
export default function MembersScreen() {
  const userInfo = useUserInfo();
  return (
    <PageFrame titleId="route.members">
      <ResourceListPanel view={memberView} subject={userInfo} />
    </PageFrame>
  );
}
