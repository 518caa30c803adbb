import type { AnyResourceContract } from '../../api/resources/resource-contract';
import { useUserInfo } from '../../shell/session/session-selectors';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import type { ResourceView } from '../../ui/resource/resource-view';

/** One member-settings tab: the generic list under the configuration section's title and tabs. */
export function MemberSettingsScreen<C extends AnyResourceContract>({ view }: { view: ResourceView<C> }) {
  const userInfo = useUserInfo();
  return <ResourceListPanel view={view} subject={userInfo} />;
}
