import { Checkbox } from '@blueprintjs/core';
import { useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { adminCompanyContract, BUILT_IN_CTI_SERVER, companyManagerSchema, type AdminCompany } from '../../api/contracts/admin-company.contract';
import { ctiServerChoicesResponseSchema } from '../../api/contracts/admin-server.contract';
import { COMPANY_PERMISSIONS } from '../../api/permissions/catalogue';
import { postParsed } from '../../api/post-parsed';
import { formatDateTime } from '../../i18n/dates';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { TextField } from '../../ui/forms/text-field';
import { defineResourceView, type FieldProps, type ResourceColumn, type ResourceOption } from '../../ui/resource/resource-view';

/**
 * `/admin/management/company` (issue 20 item 1; docs/admin-companies.md): the companies of the platform,
 * described once. The list, the add and edit forms and the view are derived (ResourceListPanel); what the
 * companies add is here: the first manager (add only), the write-only recording password, the company
 * permissions from the shared catalogue, and the two destroys with their type-the-name confirmation
 * (company-destroy-dialog.tsx), opened from the row through `companyDestroyRequests`.
 */

export const permissionLabelId = (permission: string) => `admin_company.permission.${permission}` as MessageId;

const PERMISSION_OPTIONS: readonly ResourceOption[] = COMPANY_PERMISSIONS.map((permission) => ({ value: permission, labelId: permissionLabelId(permission) }));
const usePermissionOptions = () => PERMISSION_OPTIONS;

/**
 * The CTI servers of /admin/servers/servers (`admin-server/choices`), by the address a company is given:
 * a company's CTI server is chosen from them. The built-in one is always there.
 */
function useCtiServerOptions(): readonly ResourceOption[] {
  const { data } = useSWR(['admin-server/choices', {}], ([path, body]: readonly [string, object]) =>
    postParsed(path, body, (answer) => ctiServerChoicesResponseSchema.parse(answer).data),
  );
  const choices = (data ?? []).map((server) => ({ value: server.url, label: server.url === server.name ? server.name : `${server.name} (${server.url})` }));
  return choices.some((choice) => choice.value === BUILT_IN_CTI_SERVER) ? choices : [{ value: BUILT_IN_CTI_SERVER, label: BUILT_IN_CTI_SERVER }, ...choices];
}

function YesNo({ value }: { value: boolean }) {
  const t = useT();
  return <>{t(value ? 'entity.yes' : 'entity.no')}</>;
}

function PermissionLabels({ permissions }: { permissions: readonly string[] }) {
  const t = useT();
  return <>{permissions.map((permission) => ((COMPANY_PERMISSIONS as readonly string[]).includes(permission) ? t(permissionLabelId(permission)) : permission)).join(', ')}</>;
}

function Stamp({ value }: { value: string }) {
  return <>{formatDateTime(value)}</>;
}

type ManagerValues = { name: string; username: string; password: string };

const MANAGER_FIELDS: readonly { key: keyof ManagerValues; type?: 'password'; autoComplete?: string }[] = [
  { key: 'name' },
  { key: 'username', autoComplete: 'off' },
  { key: 'password', type: 'password', autoComplete: 'new-password' },
];

/** The first manager (CONTRACT §14): on add only; an edit form (it has an `id`) shows nothing. */
function ManagerFields({ value, onChange, errors, disabled, values }: FieldProps) {
  const t = useT();
  if (values.id !== undefined) return null;
  const manager = (value ?? { name: '', username: '', password: '' }) as ManagerValues;
  const set = (key: keyof ManagerValues) => (text: string) => onChange({ ...manager, [key]: text });
  // The form's own check files a nested object's messages under `manager`; the same schema says which
  // part each belongs to. The server's 422 names the part itself (`manager.username`).
  const local: Record<string, string[]> = {};
  if (errors.manager) {
    for (const issue of companyManagerSchema.safeParse(manager).error?.issues ?? []) (local[`manager.${String(issue.path[0])}`] ??= []).push(issue.message);
  }
  const messages = (key: keyof ManagerValues) => errors[`manager.${key}`] ?? local[`manager.${key}`];
  return (
    <fieldset data-testid="company-manager" style={{ border: 0, padding: 0, margin: '8px 0' }}>
      <legend style={{ fontWeight: 600 }}>{t('admin_company.manager.title')}</legend>
      <p className="bp6-text-muted">{t('admin_company.manager.hint')}</p>
      {MANAGER_FIELDS.map(({ key, type, autoComplete }) => (
        <TextField
          key={key}
          name={`manager.${key}`}
          labelId={`admin_company.manager.${key}`}
          type={type}
          value={manager[key]}
          onChange={set(key)}
          errors={messages(key)}
          required
          disabled={disabled}
          autoComplete={autoComplete}
        />
      ))}
    </fieldset>
  );
}

/**
 * Write-only: the stored password is never sent to the browser. Blank keeps it (the hint says whether one
 * is stored); an edit of a company with one may remove it.
 */
function RecordingPasswordField({ value, onChange, errors, disabled, values, setValue }: FieldProps) {
  const t = useT();
  const stored = values.has_recording_password === true;
  return (
    <>
      <TextField
        name="recording_password"
        labelId="admin_company.field.recording_password"
        type="password"
        value={typeof value === 'string' ? value : ''}
        onChange={onChange}
        errors={errors.recording_password}
        disabled={disabled}
        autoComplete="new-password"
        hintId={stored ? 'admin_company.recording_password.keep_hint' : 'admin_company.recording_password.none_hint'}
      />
      {stored && (
        <Checkbox
          data-testid="clear_recording_password"
          checked={values.clear_recording_password === true}
          disabled={disabled || (typeof value === 'string' && value !== '')}
          label={t('admin_company.field.clear_recording_password')}
          onChange={(event) => setValue('clear_recording_password', event.currentTarget.checked)}
        />
      )}
    </>
  );
}

const COLUMNS: readonly ResourceColumn<AdminCompany>[] = [
  { key: 'id', labelId: 'entity.field.id', sortField: 'id', defaultHidden: true },
  { key: 'name', labelId: 'admin_company.field.name', sortField: 'name' },
  { key: 'cti_server', labelId: 'admin_company.field.cti_server' },
  { key: 'users_count', labelId: 'admin_company.field.users_count', sortField: 'users_count', render: (r) => String(r.users_count) },
  { key: 'permissions', labelId: 'admin_company.field.permissions', render: (r) => <PermissionLabels permissions={r.permissions} /> },
  { key: 'is_free', labelId: 'admin_company.field.is_free', render: (r) => <YesNo value={r.is_free} /> },
  { key: 'can_provide_agent_api', labelId: 'admin_company.field.can_provide_agent_api', render: (r) => <YesNo value={r.can_provide_agent_api} />, defaultHidden: true },
  { key: 'asterisk_name', labelId: 'admin_company.field.asterisk_name', defaultHidden: true },
  { key: 'daily_report_email', labelId: 'admin_company.field.daily_report_email', defaultHidden: true },
  { key: 'created_at', labelId: 'admin_company.field.created_at', sortField: 'created_at', render: (r) => <Stamp value={r.created_at} /> },
];

const flagColumn = (key: keyof AdminCompany & string): ResourceColumn<AdminCompany> => ({
  key,
  labelId: `admin_company.field.${key}` as MessageId,
  render: (r) => <YesNo value={r[key] === true} />,
});

/** The view dialog: every field of specification §3 (the recording password only as set or not). */
const DETAILS: readonly ResourceColumn<AdminCompany>[] = [
  { key: 'name', labelId: 'admin_company.field.name' },
  { key: 'dcontext', labelId: 'admin_company.field.dcontext' },
  { key: 'webfax_content', labelId: 'admin_company.field.webfax_content' },
  { key: 'keywords', labelId: 'admin_company.field.keywords' },
  { key: 'cti_server', labelId: 'admin_company.field.cti_server' },
  flagColumn('allow_simple_crm'),
  flagColumn('is_free'),
  flagColumn('use_big'),
  flagColumn('can_provide_agent_api'),
  { key: 'asterisk_name', labelId: 'admin_company.field.asterisk_name' },
  { key: 'worktime_check_url', labelId: 'admin_company.field.worktime_check_url' },
  { key: 'worktime_update_status_url', labelId: 'admin_company.field.worktime_update_status_url' },
  { key: 'recording_login_url', labelId: 'admin_company.field.recording_login_url' },
  { key: 'recording_username', labelId: 'admin_company.field.recording_username' },
  flagColumn('has_recording_password'),
  { key: 'daily_report_email', labelId: 'admin_company.field.daily_report_email' },
  { key: 'daily_report_cc', labelId: 'admin_company.field.daily_report_cc' },
  { key: 'permissions', labelId: 'admin_company.field.permissions', render: (r) => <PermissionLabels permissions={r.permissions} /> },
  { key: 'users_count', labelId: 'admin_company.field.users_count', render: (r) => String(r.users_count) },
  { key: 'created_at', labelId: 'admin_company.field.created_at', render: (r) => <Stamp value={r.created_at} /> },
];

/** Which destroy the admin asked for, on which company: the screen's dialog reads it. */
export type DestroyRequest = { kind: 'company' | 'data'; company: AdminCompany } | null;

let request: DestroyRequest = null;
const listeners = new Set<() => void>();
export const companyDestroyRequests = {
  open(next: DestroyRequest) {
    request = next;
    for (const listener of listeners) listener();
  },
  close() {
    companyDestroyRequests.open(null);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: () => request,
};
export const useDestroyRequest = () => useSyncExternalStore(companyDestroyRequests.subscribe, companyDestroyRequests.current);

const str = (value: string | null) => value ?? '';

export const adminCompaniesView = defineResourceView({
  contract: adminCompanyContract,
  nounId: 'admin_company.noun',
  searchFieldIds: ['admin_company.field.name', 'admin_company.field.dcontext', 'admin_company.field.asterisk_name', 'admin_company.field.keywords'],
  columns: COLUMNS,
  details: DETAILS,
  fields: [
    { kind: 'text', name: 'name', labelId: 'admin_company.field.name', required: true },
    { kind: 'custom', name: 'manager', labelId: 'admin_company.manager.title', render: (props) => <ManagerFields {...props} /> },
    { kind: 'text', name: 'dcontext', labelId: 'admin_company.field.dcontext' },
    { kind: 'textarea', name: 'webfax_content', labelId: 'admin_company.field.webfax_content', max: 2000 },
    { kind: 'text', name: 'keywords', labelId: 'admin_company.field.keywords' },
    { kind: 'select', name: 'cti_server', labelId: 'admin_company.field.cti_server', required: true, useOptions: useCtiServerOptions },
    { kind: 'text', name: 'asterisk_name', labelId: 'admin_company.field.asterisk_name' },
    { kind: 'switch', name: 'allow_simple_crm', labelId: 'admin_company.field.allow_simple_crm' },
    { kind: 'switch', name: 'is_free', labelId: 'admin_company.field.is_free' },
    { kind: 'switch', name: 'use_big', labelId: 'admin_company.field.use_big' },
    { kind: 'switch', name: 'can_provide_agent_api', labelId: 'admin_company.field.can_provide_agent_api' },
    { kind: 'text', name: 'worktime_check_url', labelId: 'admin_company.field.worktime_check_url' },
    { kind: 'text', name: 'worktime_update_status_url', labelId: 'admin_company.field.worktime_update_status_url' },
    { kind: 'text', name: 'recording_login_url', labelId: 'admin_company.field.recording_login_url' },
    { kind: 'text', name: 'recording_username', labelId: 'admin_company.field.recording_username' },
    { kind: 'custom', name: 'recording_password', labelId: 'admin_company.field.recording_password', render: (props) => <RecordingPasswordField {...props} /> },
    { kind: 'text', name: 'daily_report_email', labelId: 'admin_company.field.daily_report_email' },
    { kind: 'text', name: 'daily_report_cc', labelId: 'admin_company.field.daily_report_cc' },
    { kind: 'checkboxes', name: 'permissions', labelId: 'admin_company.field.permissions', useOptions: usePermissionOptions },
  ],
  emptyValues: () => ({
    name: '',
    manager: { name: '', username: '', password: '' },
    dcontext: '',
    webfax_content: '',
    keywords: '',
    cti_server: BUILT_IN_CTI_SERVER,
    asterisk_name: '',
    allow_simple_crm: false,
    is_free: false,
    use_big: false,
    can_provide_agent_api: false,
    worktime_check_url: '',
    worktime_update_status_url: '',
    recording_login_url: '',
    recording_username: '',
    recording_password: '',
    daily_report_email: '',
    daily_report_cc: '',
    permissions: [],
  }),
  toFormValues: (r) => ({
    name: r.name,
    dcontext: str(r.dcontext),
    webfax_content: str(r.webfax_content),
    keywords: str(r.keywords),
    cti_server: r.cti_server,
    asterisk_name: str(r.asterisk_name),
    allow_simple_crm: r.allow_simple_crm,
    is_free: r.is_free,
    use_big: r.use_big,
    can_provide_agent_api: r.can_provide_agent_api,
    worktime_check_url: str(r.worktime_check_url),
    worktime_update_status_url: str(r.worktime_update_status_url),
    recording_login_url: str(r.recording_login_url),
    recording_username: str(r.recording_username),
    recording_password: '',
    // Shown by the password field (stored or not); the schema drops it from what is sent.
    has_recording_password: r.has_recording_password,
    clear_recording_password: false,
    daily_report_email: str(r.daily_report_email),
    daily_report_cc: str(r.daily_report_cc),
    permissions: [...r.permissions],
  }),
  describe: (r) => r.name,
  slots: {
    rowActions: () => [
      { key: 'destroy_data', labelId: 'admin_company.action.destroy_data', icon: 'eraser', onClick: (company) => companyDestroyRequests.open({ kind: 'data', company }) },
      { key: 'destroy', labelId: 'admin_company.action.destroy', icon: 'trash', onClick: (company) => companyDestroyRequests.open({ kind: 'company', company }) },
    ],
  },
});
