import type { AnyResourceContract, RecordOf } from '../../api/resources/resource-contract';
import { useUserInfo } from '../../shell/session/session-selectors';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import type { ResourceView } from '../../ui/resource/resource-view';

export interface ConsultationSettingsScreenProps<C extends AnyResourceContract> {
  view: ResourceView<C>;
  onAdd?: () => void;
  onEdit?: (record: RecordOf<C>) => void;
}

/** One consultation-settings tab: the generic list under the configuration section's title and tabs. */
export function ConsultationSettingsScreen<C extends AnyResourceContract>({ view, onAdd, onEdit }: ConsultationSettingsScreenProps<C>) {
  const userInfo = useUserInfo();
  return <ResourceListPanel view={view} subject={userInfo} onAdd={onAdd} onEdit={onEdit} />;
}
