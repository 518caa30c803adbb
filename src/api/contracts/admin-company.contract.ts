import { z } from 'zod';
import { COMPANY_PERMISSIONS } from '../permissions/catalogue';
import { defineResourceContract, listQuerySchema, pageSchema, recordIdSchema } from '../resources/resource-contract';
import { userStoreSchema } from './user.contract';

/**
 * The platform administrator's companies (`/admin/management/company`, specification §3 "Company" and
 * §7 "Company management", CONTRACT §10 and §14; docs/admin-companies.md). Admin only: a manager or an
 * agent gets 403 on every call but `rec/credential`, which answers the caller's own company.
 */

const ADMIN_ONLY = { roles: ['admin'] as const };

/** The CTI server of a company that uses the built-in PBX (the server list of the admin will offer others). */
export const BUILT_IN_CTI_SERVER = '/cti';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** Optional text: blank and absent both mean "none" (null). */
const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, 'validation.text_too_long').nullish()).transform((value) => value ?? null);

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const optionalUrl = () =>
  z
    .preprocess(blankToUndefined, z.string().trim().max(500, 'validation.text_too_long').regex(HTTP_URL, 'validation.company_url_invalid').nullish())
    .transform((value) => value ?? null);

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
/** Several addresses, separated by commas (or semicolons, spaces); stored as `a@x.kr, b@y.kr`. */
const emailList = () =>
  z
    .preprocess(blankToUndefined, z.string().max(1000, 'validation.text_too_long').nullish())
    .transform((value, ctx) => {
      if (value === null || value === undefined) return null;
      const addresses = value.split(/[\s,;]+/).filter(Boolean);
      if (addresses.length === 0) return null;
      if (addresses.some((address) => !EMAIL.test(address))) {
        ctx.addIssue({ code: 'custom', message: 'validation.email_invalid' });
        return z.NEVER;
      }
      return addresses.join(', ');
    });

const flag = () => z.preprocess((value) => (value === '' || value === null ? undefined : value), z.boolean({ error: 'validation.invalid_value' }).default(false));

const requiredName = (requiredId: 'validation.company_name_required') =>
  z.string({ error: requiredId }).trim().min(1, { error: requiredId, abort: true }).max(100, 'validation.name_too_long');

/** The first manager of a new company (CONTRACT §14): the rules of `users/store`, its very fields. */
export const companyManagerSchema = userStoreSchema.pick({ name: true, username: true, password: true });

const companyFields = {
  name: requiredName('validation.company_name_required'),
  dcontext: optionalText(100),
  webfax_content: optionalText(2000),
  keywords: optionalText(1000),
  /** `/cti` (built-in) or an http(s) URL of an external CTI server. */
  cti_server: z
    .preprocess(blankToUndefined, z.string().trim().max(500, 'validation.text_too_long').optional())
    .transform((value) => value ?? BUILT_IN_CTI_SERVER)
    .refine((value) => value === BUILT_IN_CTI_SERVER || HTTP_URL.test(value), 'validation.company_cti_server_invalid'),
  allow_simple_crm: flag(),
  is_free: flag(),
  use_big: flag(),
  can_provide_agent_api: flag(),
  asterisk_name: optionalText(100),
  worktime_check_url: optionalUrl(),
  worktime_update_status_url: optionalUrl(),
  recording_login_url: optionalUrl(),
  recording_username: optionalText(100),
  /** Write-only: blank or absent keeps the stored one (store: none). Never answered. */
  recording_password: z
    .preprocess((value) => (value === '' || value === null ? undefined : value), z.string({ error: 'validation.invalid_value' }).max(200, 'validation.text_too_long').optional()),
  /** Removes the stored recording password (an update's checkbox); ignored when a new one is given. */
  clear_recording_password: flag(),
  daily_report_email: emailList(),
  daily_report_cc: emailList(),
  permissions: z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? [] : value),
    z.array(z.enum(COMPANY_PERMISSIONS, { error: 'validation.invalid_value' }), { error: 'validation.invalid_value' }).max(COMPANY_PERMISSIONS.length, 'validation.invalid_value'),
  ),
  /** Store only (required there): the company's first manager. An update ignores it. */
  manager: companyManagerSchema.optional(),
};

/**
 * store and update. `manager` is required when there is no `id` (store); the update body (with `id`,
 * `updateBodySchema`) keeps this check, so one schema serves both forms.
 */
export const adminCompanyInputSchema = z.object(companyFields).superRefine((value, ctx) => {
  if ((value as { id?: unknown }).id === undefined && value.manager === undefined) {
    ctx.addIssue({ code: 'custom', path: ['manager', 'name'], message: 'validation.user_name_required' });
    ctx.addIssue({ code: 'custom', path: ['manager', 'username'], message: 'validation.user_username_required' });
    ctx.addIssue({ code: 'custom', path: ['manager', 'password'], message: 'validation.user_password_required' });
  }
});

export const adminCompanyRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  dcontext: z.string().nullable(),
  webfax_content: z.string().nullable(),
  keywords: z.string().nullable(),
  cti_server: z.string(),
  allow_simple_crm: z.boolean(),
  is_free: z.boolean(),
  use_big: z.boolean(),
  can_provide_agent_api: z.boolean(),
  asterisk_name: z.string().nullable(),
  worktime_check_url: z.string().nullable(),
  worktime_update_status_url: z.string().nullable(),
  recording_login_url: z.string().nullable(),
  recording_username: z.string().nullable(),
  /** Whether a recording password is stored; the password itself is never answered. */
  has_recording_password: z.boolean(),
  daily_report_email: z.string().nullable(),
  daily_report_cc: z.string().nullable(),
  permissions: z.array(z.string()),
  /** Live users (managers and agents) of the company. */
  users_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCompany = z.infer<typeof adminCompanyRecord>;

/**
 * Resource contract: the list is the specification's `POST management/company`; the deletes are
 * `management/company/destroy` and `/data/destroy` (type-the-name confirmations of their own), so the
 * generic `delete/{id}` is not offered.
 */
export const adminCompanyContract = defineResourceContract({
  entity: 'admin-company',
  path: 'management/company',
  record: adminCompanyRecord,
  input: adminCompanyInputSchema,
  filters: {},
  sortFields: ['name', 'id', 'created_at', 'users_count'],
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  searchable: true,
  access: { read: ADMIN_ONLY, create: ADMIN_ONLY, update: ADMIN_ONLY, delete: ADMIN_ONLY },
  operations: ['create', 'update'],
  routes: { list: 'management/company' },
});

export const adminCompanyListQuerySchema = listQuerySchema(adminCompanyContract);
export const adminCompanyPageSchema = pageSchema(adminCompanyRecord);
export const adminCompanyResponseSchema = z.object({ data: adminCompanyRecord });
export const adminCompanyIdSchema = z.object({ id: recordIdSchema });

/** How far a data destroy got (`management/company/data/destroy/status`). */
export const DATA_DESTROY_STATES = ['running', 'done', 'failed'] as const;
export const dataDestroyJobSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  state: z.enum(DATA_DESTROY_STATES),
  /** Rows to delete when the job started (an estimate for tables that keep filling meanwhile). */
  total: z.number().int(),
  deleted: z.number().int(),
  /** The table being emptied, while running. */
  current_table: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type DataDestroyJob = z.infer<typeof dataDestroyJobSchema>;
/** `data/destroy` answers 202 with the job; `data/destroy/status { id }` (company id) its latest job or null. */
export const dataDestroyStartedSchema = z.object({ data: dataDestroyJobSchema });
export const dataDestroyStatusSchema = z.object({ data: dataDestroyJobSchema.nullable() });

/** `management/company/rec/credential` (no payload): the caller's company's recording login, without the password. */
export const recordingCredentialSchema = z.object({
  data: z.object({
    recording_login_url: z.string().nullable(),
    recording_username: z.string().nullable(),
    has_recording_password: z.boolean(),
  }),
});

export const ADMIN_COMPANY_PATHS = {
  list: 'management/company',
  store: 'management/company/store',
  view: 'management/company/view',
  update: 'management/company/update',
  destroy: 'management/company/destroy',
  dataDestroy: 'management/company/data/destroy',
  dataDestroyStatus: 'management/company/data/destroy/status',
  recordingCredential: 'management/company/rec/credential',
} as const;
