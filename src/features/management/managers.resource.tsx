import { Intent, Tag } from '@blueprintjs/core';
import { companyUserContract, managerContract, type CompanyUser, type Manager } from '../../api/contracts/management.contract';
import { useT } from '../../i18n/use-t';
import { momentCell } from '../../ui/resource/entity-cells';
import { defineResourceView, type RowAction } from '../../ui/resource/resource-view';
import { useCompanyOptions } from './company-options';
import { ManagerCompanyField, ManagerPasswordField, ManagerUsernameField } from './manager-fields';

function UserStatus({ status }: { status: Manager['status'] }) {
  const t = useT();
  return (
    <Tag minimal intent={status === 'active' ? Intent.SUCCESS : Intent.WARNING}>
      {t(status === 'active' ? 'management.manager.status.active' : 'management.manager.status.inactive')}
    </Tag>
  );
}

const STATUS_OPTIONS = () => [
  { value: 'active', labelId: 'management.manager.status.active' as const },
  { value: 'inactive', labelId: 'management.manager.status.inactive' as const },
];

/** What the managers screen does with a row beyond edit and delete (its dialogs). */
export interface ManagerRowActions {
  toggleStatus: (manager: Manager) => void;
  resetPassword: (manager: Manager) => void;
  loginAs: (user: Manager | CompanyUser) => void;
}

const loginAsAction = <R extends Manager | CompanyUser>(actions: ManagerRowActions, record: R): RowAction<R> => ({
  key: 'login-as',
  labelId: 'management.login_as',
  icon: 'log-in',
  onClick: actions.loginAs,
  ...(record.status === 'active' ? {} : { disabledReasonId: 'management.login_as_inactive' as const }),
});

/**
 * /admin/management/manager (docs/administration.md): every company's managers. Added with a company,
 * name, username and password (the company and the username are fixed after); renamed; activated or
 * deactivated; their password reset; logged in as; deleted after the warning that the username can
 * never be used again.
 */
export const managersView = (actions: ManagerRowActions) =>
  defineResourceView({
    contract: managerContract,
    nounId: 'management.manager.noun',
    searchFieldIds: ['management.manager.field.name', 'management.manager.field.username'],
    columns: [
      { key: 'company_name', labelId: 'management.company', sortField: 'company_name' },
      { key: 'name', labelId: 'management.manager.field.name', sortField: 'name' },
      { key: 'username', labelId: 'management.manager.field.username', sortField: 'username' },
      { key: 'status', labelId: 'management.manager.field.status', sortField: 'status', render: (r) => <UserStatus status={r.status} /> },
      { key: 'created_at', labelId: 'management.manager.field.created_at', sortField: 'created_at', render: (r) => momentCell(r.created_at) },
    ],
    fields: [
      { kind: 'custom', name: 'company_id', labelId: 'management.company', required: true, render: (props) => <ManagerCompanyField {...props} /> },
      { kind: 'text', name: 'name', labelId: 'management.manager.field.name', required: true },
      { kind: 'custom', name: 'username', labelId: 'management.manager.field.username', required: true, render: (props) => <ManagerUsernameField {...props} /> },
      { kind: 'custom', name: 'password', labelId: 'management.manager.field.password', required: true, render: (props) => <ManagerPasswordField {...props} /> },
    ],
    filters: [
      { name: 'company_id', labelId: 'management.company', useOptions: useCompanyOptions },
      { name: 'status', labelId: 'management.manager.field.status', useOptions: STATUS_OPTIONS },
    ],
    emptyValues: () => ({ company_id: '', name: '', username: '', password: '' }),
    toFormValues: (r) => ({ company_id: String(r.company_id), name: r.name, username: r.username, password: '', editing: true }),
    describe: (r) => `${r.name} (${r.username})`,
    deleteConfirmId: 'management.manager.delete_confirm',
    slots: {
      rowActions: (record) => [
        {
          key: 'status',
          labelId: record.status === 'active' ? 'management.manager.deactivate' : 'management.manager.activate',
          icon: record.status === 'active' ? 'disable' : 'confirm',
          onClick: actions.toggleStatus,
        },
        { key: 'reset-password', labelId: 'management.manager.reset_password', icon: 'key', onClick: actions.resetPassword },
        loginAsAction(actions, record),
      ],
    },
  });

function RoleText({ role }: { role: CompanyUser['role'] }) {
  const t = useT();
  return <>{t(role === 'manager' ? 'management.manager.role.manager' : 'management.manager.role.agent')}</>;
}

/** "Users of a company": every company's agents and managers, read-only, to log in as. */
export const companyUsersView = (actions: ManagerRowActions) =>
  defineResourceView({
    contract: companyUserContract,
    nounId: 'management.user.noun',
    searchFieldIds: ['management.manager.field.name', 'management.manager.field.username', 'management.manager.field.extension'],
    columns: [
      { key: 'company_name', labelId: 'management.company', sortField: 'company_name' },
      { key: 'name', labelId: 'management.manager.field.name', sortField: 'name' },
      { key: 'username', labelId: 'management.manager.field.username', sortField: 'username' },
      { key: 'role', labelId: 'management.manager.field.role', sortField: 'role', render: (r) => <RoleText role={r.role} /> },
      { key: 'extension', labelId: 'management.manager.field.extension', sortField: 'extension', render: (r) => r.extension ?? '' },
      { key: 'status', labelId: 'management.manager.field.status', render: (r) => <UserStatus status={r.status} /> },
    ],
    fields: [],
    filters: [
      { name: 'company_id', labelId: 'management.company', useOptions: useCompanyOptions },
      {
        name: 'role',
        labelId: 'management.manager.field.role',
        useOptions: () => [
          { value: 'manager', labelId: 'management.manager.role.manager' },
          { value: 'agent', labelId: 'management.manager.role.agent' },
        ],
      },
    ],
    emptyValues: () => ({}),
    toFormValues: () => ({}),
    describe: (r) => `${r.name} (${r.username})`,
    slots: { rowActions: (record) => [loginAsAction(actions, record)] },
  });
