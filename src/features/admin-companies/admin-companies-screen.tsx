import { useUserInfo } from '../../shell/session/session-selectors';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { adminCompaniesView } from './admin-companies.resource';
import { CompanyDestroyDialog } from './company-destroy-dialog';

/** /admin/management/company: the platform's companies for the administrator (docs/admin-companies.md). */
export default function AdminCompaniesScreen() {
  return (
    <>
      <ResourceListPanel view={adminCompaniesView} subject={useUserInfo()} />
      <CompanyDestroyDialog />
    </>
  );
}
