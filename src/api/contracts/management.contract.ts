import { z } from 'zod';
import { calendarDaySchema, MAX_RECORD_ID, recordIdNumber } from './input-bounds';
import { USERNAME_PATTERN, userStatusSchema } from './user.contract';
import { defineResourceContract, listQuerySchema, pageNumberSchema, pageSchema, perPageSchema, recordIdSchema } from '../resources/resource-contract';

/**
 * The platform administrator's management (docs/administration.md, CONTRACT §10, §14): company API keys,
 * every company's managers, every company's users (to log in as) and the audit log. Admin only, across
 * companies. The companies themselves are `management/company` (company.contract.ts).
 */

const ADMIN_ONLY = { roles: ['admin'] as const };
const ADMIN_ONLY_ACCESS = { read: ADMIN_ONLY, create: ADMIN_ONLY, update: ADMIN_ONLY, delete: ADMIN_ONLY };

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The company a key or a manager belongs to: required, a record id. */
const companyIdInput = z.preprocess(
  blankToUndefined,
  z
    .union([z.number(), z.string()], { error: 'validation.management_company_required' })
    .pipe(z.coerce.number<string | number>({ error: 'validation.id_invalid' }).int('validation.id_invalid').positive('validation.id_invalid').max(MAX_RECORD_ID, 'validation.id_invalid')),
);

const requiredName = (requiredId: 'validation.management_name_required' | 'validation.user_name_required') =>
  z.string({ error: requiredId }).trim().min(1, { error: requiredId, abort: true }).max(100, 'validation.name_too_long');

// ---------------------------------------------------------------------------------------------------
// Company API keys: `management/api-key`

export const COMPANY_API_KEY_STATUSES = ['active', 'revoked'] as const;

export const companyApiKeyRecord = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  status: z.enum(COMPANY_API_KEY_STATUSES),
  created_at: z.string(),
});
export type CompanyApiKey = z.infer<typeof companyApiKeyRecord>;

/** Store's answer: the record and, this once, the secret. */
export const companyApiKeyCreatedSchema = companyApiKeyRecord.extend({ key: z.string() });

export const companyApiKeyInput = z.object({ company_id: companyIdInput, name: requiredName('validation.management_name_required') });

/**
 * `management/api-key`: a company's keys for `company/login { apiKey }`. Issued (`store` answers the
 * secret `key`, the only time it is seen) and revoked (`delete/{id}` or `revoke { id }`: the row stays
 * with `revoked_at`, its logins end), never edited. Search reads the name.
 */
export const companyApiKeyContract = defineResourceContract({
  entity: 'management-api-key',
  path: 'management/api-key',
  record: companyApiKeyRecord,
  input: companyApiKeyInput,
  filters: { company_id: recordIdNumber('validation.invalid_value'), status: z.enum(COMPANY_API_KEY_STATUSES, { error: 'validation.invalid_value' }) },
  sortFields: ['created_at', 'name', 'company_name', 'last_used_at'],
  defaultSort: { sort_by: 'created_at', sort_order: 'desc' },
  searchable: true,
  access: ADMIN_ONLY_ACCESS,
  operations: ['create', 'delete'],
  routes: { view: false },
  createdRecord: companyApiKeyCreatedSchema,
});
export const companyApiKeyListQuerySchema = listQuerySchema(companyApiKeyContract);
export const companyApiKeyPageSchema = pageSchema(companyApiKeyRecord);

// ---------------------------------------------------------------------------------------------------
// Managers: `management/manager`

export const managerRecord = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  username: z.string(),
  status: userStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Manager = z.infer<typeof managerRecord>;

const optionalPassword = z.preprocess(blankToUndefined, z.string().min(8, 'validation.password_min_8').max(200, 'validation.text_too_long').optional());

/**
 * What the manager form sends. The company and the username are fixed once stored (a username is unique
 * forever), so `update` reads only the name; the password is required by `store` only and changes later
 * through `reset-password`.
 */
export const managerInput = z.object({
  company_id: companyIdInput,
  name: requiredName('validation.user_name_required'),
  username: z
    .string({ error: 'validation.user_username_required' })
    .trim()
    .min(1, { error: 'validation.user_username_required', abort: true })
    .regex(USERNAME_PATTERN, 'validation.user_username_invalid'),
  password: optionalPassword,
});
export const managerStoreSchema = managerInput.extend({
  password: z.preprocess(
    blankToUndefined,
    z.string({ error: 'validation.user_password_required' }).min(8, 'validation.password_min_8').max(200, 'validation.text_too_long'),
  ),
});
export const managerUpdateSchema = z.object({ id: recordIdSchema, name: requiredName('validation.user_name_required') }).passthrough();

export const managerContract = defineResourceContract({
  entity: 'management-manager',
  path: 'management/manager',
  record: managerRecord,
  input: managerInput,
  filters: { company_id: recordIdNumber('validation.invalid_value'), status: userStatusSchema },
  sortFields: ['name', 'username', 'company_name', 'status', 'created_at'],
  defaultSort: { sort_by: 'company_name', sort_order: 'asc' },
  searchable: true,
  access: ADMIN_ONLY_ACCESS,
  routes: { view: false },
});
export const managerListQuerySchema = listQuerySchema(managerContract);
export const managerPageSchema = pageSchema(managerRecord);
export const managerStatusSchema = z.object({ id: recordIdSchema, status: userStatusSchema });
export const managerResetPasswordSchema = z.object({ id: recordIdSchema, password: optionalPassword });

export const MANAGEMENT_PATHS = {
  managerStatus: 'management/manager/update-status',
  managerResetPassword: 'management/manager/reset-password',
  apiKeyRevoke: 'management/api-key/revoke',
} as const;

// ---------------------------------------------------------------------------------------------------
// Users of every company (read-only): `management/user`, to find whom to log in as

export const companyUserRecord = managerRecord.extend({ role: z.enum(['manager', 'agent']), extension: z.string().nullable() });
export type CompanyUser = z.infer<typeof companyUserRecord>;

export const companyUserContract = defineResourceContract({
  entity: 'management-user',
  path: 'management/user',
  record: companyUserRecord,
  input: z.object({}),
  filters: {
    company_id: recordIdNumber('validation.invalid_value'),
    role: z.enum(['manager', 'agent'], { error: 'validation.invalid_value' }),
    status: userStatusSchema,
  },
  sortFields: ['name', 'username', 'company_name', 'role', 'extension', 'created_at'],
  defaultSort: { sort_by: 'company_name', sort_order: 'asc' },
  searchable: true,
  access: ADMIN_ONLY_ACCESS,
  operations: [],
  routes: { view: false },
});
export const companyUserListQuerySchema = listQuerySchema(companyUserContract);
export const companyUserPageSchema = pageSchema(companyUserRecord);

// ---------------------------------------------------------------------------------------------------
// The audit log: `management/audit-log/list`

/** What the audit log records: a login-as, and the two destroys of a company (docs/administration.md). */
export const AUDIT_ACTIONS = ['login_as', 'company_destroy', 'company_data_destroy'] as const;

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  actor_id: z.number().int(),
  actor_name: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  username: z.string().nullable(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Newest first; filters by the company and the user acted on, the administrator, the action and days (Asia/Seoul). */
export const auditLogListQuerySchema = z.object({
  page: pageNumberSchema,
  per_page: perPageSchema,
  company_id: optionalFilter(recordIdNumber('validation.invalid_value')),
  user_id: optionalFilter(recordIdNumber('validation.invalid_value')),
  actor_id: optionalFilter(recordIdNumber('validation.invalid_value')),
  action: optionalFilter(z.enum(AUDIT_ACTIONS, { error: 'validation.invalid_value' })),
  date_from: optionalFilter(calendarDaySchema),
  date_to: optionalFilter(calendarDaySchema),
});
export type AuditLogListQuery = z.output<typeof auditLogListQuerySchema>;
export const auditLogPageSchema = pageSchema(auditLogEntrySchema);
export const AUDIT_LOG_PATH = 'management/audit-log/list';
