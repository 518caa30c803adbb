import { useUserInfo } from '../../shell/session/session-selectors';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { adminRingGroupsView } from './admin-ring-groups.resource';

/** /admin/ring-group: every company's ring groups, read-only, for the platform administrator. */
export default function AdminRingGroupsScreen() {
  return <ResourceListPanel view={adminRingGroupsView} subject={useUserInfo()} />;
}
