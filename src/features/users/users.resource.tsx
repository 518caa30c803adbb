import { userContract, USER_STATUSES, type User } from '../../api/contracts/user.contract';
import { openPopup } from '../../shell/popups/open-popup';
import { defineResourceView, type ResourceOption, type RowAction } from '../../ui/resource/resource-view';
import { formatDate } from '../../i18n/dates';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { QueueReportSwitch } from './queue-report-switch';
import { openUserDialog } from './user-dialog-store';
import { UserAvatar } from './user-avatar';
import { ROLE_OPTIONS } from './user-form-fields';
import { UserStatusSwitch } from './user-status-switch';
import { UsersToolbar } from './users-toolbar';

const ROLE_LABELS: Record<User['role'], MessageId> = { agent: 'user.role.agent', manager: 'user.role.manager' };
const STATUS_LABELS: Record<User['status'], MessageId> = { active: 'user.status.active', inactive: 'user.status.inactive' };
const ROLE_FILTER: ResourceOption[] = ROLE_OPTIONS.map(({ value, labelId }) => ({ value, labelId }));
const STATUS_FILTER: ResourceOption[] = USER_STATUSES.map((value) => ({ value, labelId: STATUS_LABELS[value] }));

function userActions(): RowAction<User>[] {
  return [
    { key: 'permissions', labelId: 'user.permissions', icon: 'shield', onClick: (u) => void openPopup('edit-user-permission', { id: u.id }) },
    { key: 'reset-password', labelId: 'user.reset_password', icon: 'key', onClick: (user) => openUserDialog({ kind: 'reset-password', user }) },
  ];
}

/**
 * Users (specification §3), the one definition /users draws from: columns with the status and queue
 * report switches, filters, the delete warning of §5, and the custom parts as slots (export and
 * extensions in the toolbar; permissions and password reset per row). Adding opens the `user/add`
 * pop-up and editing the user form dialog (users-screen.tsx), because both send a photo.
 */
export const userView = defineResourceView({
  contract: userContract,
  nounId: 'user.noun',
  searchPlaceholderId: 'user.search_placeholder',
  columns: [
    { key: 'avatar', labelId: 'user.field.avatar', render: (u) => <UserAvatar url={u.avatar} name={u.name} /> },
    { key: 'name', labelId: 'user.field.name', sortField: 'name' },
    { key: 'username', labelId: 'user.field.username', sortField: 'username' },
    { key: 'role', labelId: 'user.field.role', sortField: 'role', render: (u) => <RoleLabel role={u.role} /> },
    { key: 'extension', labelId: 'user.field.extension_id', sortField: 'extension' },
    { key: 'department_id', labelId: 'user.field.department_id' },
    { key: 'mobile', labelId: 'user.field.mobile', defaultHidden: true },
    { key: 'landline', labelId: 'user.field.landline', defaultHidden: true },
    { key: 'schedule_time_in', labelId: 'user.field.schedule_time_in', defaultHidden: true },
    { key: 'schedule_time_out', labelId: 'user.field.schedule_time_out', defaultHidden: true },
    { key: 'status', labelId: 'user.field.status', sortField: 'status', render: (u) => <UserStatusSwitch user={u} /> },
    { key: 'queue_report_status', labelId: 'user.field.queue_report_status', render: (u) => <QueueReportSwitch user={u} /> },
    { key: 'created_at', labelId: 'user.field.created_at', sortField: 'created_at', defaultHidden: true, render: (u) => formatDate(u.created_at) },
  ],
  // The generic form's fields (the screen uses the user form instead, for the photo).
  fields: [
    { kind: 'text', name: 'name', labelId: 'user.field.name', required: true },
    { kind: 'text', name: 'department_id', labelId: 'user.field.department_id', required: true },
    { kind: 'text', name: 'extension_id', labelId: 'user.field.extension_id', required: true },
    { kind: 'tel', name: 'mobile', labelId: 'user.field.mobile' },
    { kind: 'tel', name: 'landline', labelId: 'user.field.landline' },
    { kind: 'select', name: 'role', labelId: 'user.field.role', required: true, useOptions: () => ROLE_FILTER },
  ],
  filters: [
    { name: 'role', labelId: 'user.field.role', useOptions: () => ROLE_FILTER },
    { name: 'status', labelId: 'user.field.status', useOptions: () => STATUS_FILTER },
  ],
  emptyValues: () => ({ name: '', department_id: '', extension_id: '', mobile: '', landline: '', role: 'agent' }),
  toFormValues: (u) => ({
    name: u.name,
    department_id: u.department_id === null ? '' : String(u.department_id),
    extension_id: u.extension ?? '',
    mobile: u.mobile ?? '',
    landline: u.landline ?? '',
    role: u.role,
  }),
  describe: (u) => `${u.name} (${u.username})`,
  deleteConfirmId: 'user.delete_confirm',
  slots: {
    toolbar: () => <UsersToolbar />,
    rowActions: userActions,
  },
});

/** Column cells are rendered outside a hook-owning component of ours: a tiny one translates. */
function RoleLabel({ role }: { role: User['role'] }) {
  const t = useT();
  return <>{t(ROLE_LABELS[role])}</>;
}
