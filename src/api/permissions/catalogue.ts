/**
 * The one catalogue of permission names, shared by the server and the client (CONTRACT §5).
 * User permissions are grouped as the permission editor shows them (specification section 6);
 * company permissions are checked against `companyPermissions`.
 */
export const USER_PERMISSION_GROUPS = {
  cti_functions: [
    'cti_new_window',
    'cti_click_to_call',
    'cti_transfer',
    'cti_listen',
    'cti_whisper',
    'cti_one_touch_recording',
    'cti_call_forwarding',
  ],
  crm_menu_functions: [
    'dashboard',
    'consultations',
    'callbacks',
    'members',
    'tasks',
    'projects',
    'messages',
    'schedules',
    'queues',
    'call_statistics',
    'time_conditions',
    'blacklist',
    'auto_call_system',
    'upload_sound_file',
    'branch_extension',
    'agent_api_key',
    'fax',
  ],
  sub_functions: [
    'sms',
    'worktime_switch',
    'outbound_call_popup',
    'callback_share',
    'send_email',
    'hide_queue_reset_button',
    'download_and_reupload',
    'reupload',
  ],
  default_settings: ['member_export', 'consultation_export', 'member_delete', 'consultation_delete'],
} as const;

export type UserPermissionGroup = keyof typeof USER_PERMISSION_GROUPS;
export type UserPermission = (typeof USER_PERMISSION_GROUPS)[UserPermissionGroup][number];

export const USER_PERMISSIONS: readonly UserPermission[] = Object.values(USER_PERMISSION_GROUPS).flat();

export const COMPANY_PERMISSIONS = [
  'company_can_use_dashboard',
  'company_can_use_sms',
  'company_can_use_fax',
  'company_can_use_auto_call',
  'company_can_use_queue_board',
  'company_can_provide_agent_api',
] as const;

export type CompanyPermission = (typeof COMPANY_PERMISSIONS)[number];

export const ROLES = ['admin', 'manager', 'agent'] as const;
export type Role = (typeof ROLES)[number];

/** Dynamic user types a company manages (specification section 6). */
export const DYNAMIC_USER_TYPES = ['agent', 'manager'] as const;
