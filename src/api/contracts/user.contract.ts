import { z } from 'zod';
import { MAX_RECORD_ID } from './input-bounds';
import { optionalPhoneText, optionalText } from './optional-text';
import { DYNAMIC_USER_TYPES } from '../permissions/catalogue';
import { defineResourceContract, pageSchema, type AccessRule } from '../resources/resource-contract';

/**
 * Users of a company, agents and managers (specification §3 "User"), managed by the company's managers
 * (docs/users.md). The generic resource shapes (list query, page, `{ data }`) come from the resource
 * mechanism; the paths are the specification's own (`users/index`, `users/destroy`...), see USER_PATHS.
 */

export const managedRoleSchema = z.enum(DYNAMIC_USER_TYPES, { error: 'validation.user_role_invalid' });
export const USER_STATUSES = ['active', 'inactive'] as const;
export const userStatusSchema = z.enum(USER_STATUSES, { error: 'validation.user_status_invalid' });

/** Extension numbers as the PBX knows them: 2 to 10 digits (server/src/telephony/phone-number.ts). */
export const EXTENSION_NUMBER = /^[0-9]{2,10}$/;
export const extensionNumberSchema = z.string().trim().regex(EXTENSION_NUMBER, 'validation.cti_extension_invalid');

/** Letters, digits and `. _ @ -`, starting with a letter or digit: safe in URLs, logs and spreadsheets. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{1,49}$/;
/** HH:MM, 24-hour; the database's `time` column answers HH:MM:SS, which is accepted too. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A required text field whose "required" message the specification names (§5, user form). */
const requiredText = (requiredId: 'validation.user_name_required' | 'validation.user_username_required' | 'validation.user_password_required') =>
  z.string({ error: requiredId }).trim().min(1, { error: requiredId, abort: true });

/**
 * Ids arrive as numbers (JSON) or as text (multipart fields, form inputs). Missing says "please enter";
 * anything but a positive whole number says what is expected (QA: "abc" was told to enter one).
 */
const requiredId = (requiredId: 'validation.user_department_required', invalidId: 'validation.user_department_invalid') =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.number(), z.string()], { error: requiredId })
      .pipe(z.coerce.number<string | number>({ error: invalidId }).int(invalidId).positive(invalidId).max(MAX_RECORD_ID, invalidId)),
  );

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: managedRoleSchema,
  department_id: z.number().int().nullable(),
  /** The extension number the user holds; the form's `extension_id` (docs/users.md). */
  extension: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  landline: z.string().nullable(),
  /** HH:MM */
  schedule_time_in: z.string().nullable(),
  schedule_time_out: z.string().nullable(),
  /** `/api/v1/users/avatar/<key>`, or null. */
  avatar: z.string().nullable(),
  status: userStatusSchema,
  queue_report_status: z.boolean(),
  permissions: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

/**
 * What the edit form sends (`users/update` with `id`). The username never changes (it is unique
 * forever) and the password changes only through `users/reset-password`.
 */
export const userInputSchema = z.object({
  name: requiredText('validation.user_name_required').pipe(z.string().max(100, 'validation.name_too_long')),
  department_id: requiredId('validation.user_department_required', 'validation.user_department_invalid'),
  /** The extension number (an extension is identified by its number within the company). */
  extension_id: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : blankToUndefined(value)),
    z.string({ error: 'validation.user_extension_required' }).trim().regex(EXTENSION_NUMBER, 'validation.cti_extension_invalid'),
  ),
  mobile: optionalPhoneText(),
  landline: optionalPhoneText(),
  schedule_time_in: optionalText(TIME_OF_DAY, 'validation.time_invalid'),
  schedule_time_out: optionalText(TIME_OF_DAY, 'validation.time_invalid'),
  role: z.preprocess(blankToUndefined, managedRoleSchema.default('agent')),
});

/** `users/store`: the edit fields plus the username and the first password (§5: all required). */
export const userStoreSchema = userInputSchema.extend({
  username: requiredText('validation.user_username_required').pipe(z.string().regex(USERNAME_PATTERN, 'validation.user_username_invalid')),
  password: z
    .string({ error: 'validation.user_password_required' })
    .min(1, { error: 'validation.user_password_required', abort: true })
    .min(8, 'validation.password_min_8')
    .max(200, 'validation.text_too_long'),
});

/** Managing users is a manager's work (specification §2 lists /users for managers; §6 admin manages managers). */
const MANAGER_ONLY: AccessRule = { roles: ['manager'] };

export const userContract = defineResourceContract({
  entity: 'users',
  path: 'users',
  record: userSchema,
  input: userInputSchema,
  filters: { role: managedRoleSchema, status: userStatusSchema },
  sortFields: ['id', 'name', 'username', 'extension', 'role', 'status', 'created_at'],
  defaultSort: { sort_by: 'id', sort_order: 'asc' },
  searchable: true,
  access: { read: MANAGER_ONLY, create: MANAGER_ONLY, update: MANAGER_ONLY, delete: MANAGER_ONLY },
  // `GET users/export` (specification §7: opens in a new tab).
  export: MANAGER_ONLY,
});

/**
 * The specification's users calls (§7), relative to /api/v1. `users/list` and `users/delete/{id}` also
 * answer (the resource mechanism's derived names), so the generic list and delete screens work as is.
 */
export const USER_PATHS = {
  index: 'users/index',
  view: 'users/view',
  store: 'users/store',
  update: 'users/update',
  destroy: 'users/destroy',
  updateAvatar: 'users/update-avatar',
  viewPermission: 'users/view-permission',
  updatePermission: 'users/update-permission',
  updateStatus: 'users/update-status',
  updateQueueReportStatus: 'users/update-queue-report-status',
  resetPassword: 'users/reset-password',
  extensions: 'users/extensions',
  usedExtensions: 'users/used-extensions',
  saveExtensions: 'users/save-extensions',
  showAgentName: 'users/show-agent-name',
  showAgentNames: 'users/show-agent-names',
  loginAs: 'users/login-as',
} as const;

/** Largest photo accepted (PNG, JPEG or WebP, checked by magic bytes on the server). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export const userPageSchema = pageSchema(userSchema);

export type User = z.infer<typeof userSchema>;
export type UserInput = z.input<typeof userInputSchema>;
export type UserStoreInput = z.input<typeof userStoreSchema>;
export type ManagedRole = z.infer<typeof managedRoleSchema>;
export type UserStatus = z.infer<typeof userStatusSchema>;
