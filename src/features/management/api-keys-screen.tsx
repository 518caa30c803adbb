import { useUserInfo } from '../../shell/session/session-selectors';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { companyApiKeysView } from './api-keys.resource';

/** /admin/management/api-key: every company's API keys, for the platform administrator. */
export default function CompanyApiKeysScreen() {
  return (
    <ResourceListPanel
      view={companyApiKeysView}
      subject={useUserInfo()}
      actionRefusal={(record, action) => (action === 'delete' && record.status === 'revoked' ? 'management.api_key.already_revoked' : undefined)}
    />
  );
}
