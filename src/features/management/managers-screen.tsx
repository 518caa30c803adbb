import { Tab, Tabs } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { companyUserContract, MANAGEMENT_PATHS, managerContract, managerRecord, type CompanyUser, type Manager } from '../../api/contracts/management.contract';
import { postParsed } from '../../api/post-parsed';
import { revalidateEverywhere } from '../../api/resources/use-resource-mutations';
import { useT } from '../../i18n/use-t';
import { useUserInfo } from '../../shell/session/session-selectors';
import { showError } from '../../ui/feedback/error-store';
import { showToast } from '../../ui/feedback/toaster';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { AuditLogPanel } from './audit-log-panel';
import { LoginAsDialog } from './login-as-dialog';
import { companyUsersView, managersView, type ManagerRowActions } from './managers.resource';
import { ResetManagerPasswordDialog } from './reset-manager-password-dialog';

type TabId = 'managers' | 'users' | 'audit-log';

/**
 * /admin/management/manager (docs/administration.md): every company's managers; "Users of a company"
 * (agents too) to log in as; and the audit log (login-as, company deletes and data destroys).
 */
export default function ManagersScreen() {
  const t = useT();
  const subject = useUserInfo();
  const { mutate } = useSWRConfig();
  const [tab, setTab] = useState<TabId>('managers');
  const [resetting, setResetting] = useState<Manager | null>(null);
  const [loggingInAs, setLoggingInAs] = useState<Manager | CompanyUser | null>(null);

  const actions = useMemo<ManagerRowActions>(
    () => ({
      toggleStatus: (manager) => {
        const status = manager.status === 'active' ? 'inactive' : 'active';
        postParsed(MANAGEMENT_PATHS.managerStatus, { id: manager.id, status }, (answer) => managerRecord.parse((answer as { data: unknown }).data))
          .then(() => {
            void showToast(t(status === 'active' ? 'management.manager.activated' : 'management.manager.deactivated'));
            return revalidateEverywhere(mutate, [managerContract.path, companyUserContract.path]);
          })
          .catch(showError);
      },
      resetPassword: setResetting,
      loginAs: setLoggingInAs,
    }),
    [mutate, t],
  );
  const managers = useMemo(() => managersView(actions), [actions]);
  const users = useMemo(() => companyUsersView(actions), [actions]);

  return (
    <>
      <Tabs id="management-managers" selectedTabId={tab} onChange={(next) => setTab(next as TabId)} renderActiveTabPanelOnly>
        <Tab id="managers" title={t('management.tabs.managers')} panel={<ResourceListPanel view={managers} subject={subject} />} />
        <Tab id="users" title={t('management.tabs.users')} panel={<ResourceListPanel view={users} subject={subject} />} />
        <Tab id="audit-log" title={t('management.tabs.audit_log')} panel={<AuditLogPanel />} />
      </Tabs>
      <ResetManagerPasswordDialog manager={resetting} onClose={() => setResetting(null)} />
      <LoginAsDialog user={loggingInAs} onClose={() => setLoggingInAs(null)} />
    </>
  );
}
