import { z } from 'zod';
import { USER_PERMISSIONS } from '../permissions/catalogue';
import { recordIdSchema } from '../resources/resource-contract';
import { extensionNumberSchema, managedRoleSchema, userSchema, userStatusSchema } from './user.contract';

/**
 * The users calls of specification §7 beyond list, view, store, update and destroy: status toggles,
 * password reset, permissions, extensions, agent names and login-as (docs/users.md has the table).
 */

/** A yes/no that may arrive as a boolean, 0/1 or their text (older clients send `1` and `0`). */
const flagSchema = z.preprocess((value) => {
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return value;
}, z.boolean({ error: 'validation.invalid_value' }));

/** `users/update-status`: inactive ends the user's sessions at once. */
export const updateUserStatusSchema = z.object({ id: recordIdSchema, status: userStatusSchema });

/** `users/update-queue-report-status`: whether the user gets the queue report. */
export const updateQueueReportStatusSchema = z.object({ id: recordIdSchema, queue_report_status: flagSchema });

/**
 * `users/reset-password`: with `password` that becomes the new one; without it the server makes a
 * temporary password and answers it once (it is stored only as a hash). Either way the user's sessions end.
 */
export const resetPasswordSchema = z.object({
  id: recordIdSchema,
  password: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.string().min(8, 'validation.password_min_8').max(200, 'validation.text_too_long').optional(),
  ),
});
export const resetPasswordResponseSchema = z.object({
  result: z.literal('success'),
  /** The generated password, shown once; null when the caller chose the password. */
  temporary_password: z.string().nullable(),
});

export const userPermissionNameSchema = z.enum(USER_PERMISSIONS as [string, ...string[]], { error: 'validation.permission_unknown' });

/** `users/view-permission` answers who the user is and which permissions they hold. */
export const userPermissionsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: managedRoleSchema,
  permissions: z.array(z.string()),
});
export const userPermissionsResponseSchema = z.object({ data: userPermissionsSchema });

/** `users/update-permission`: the complete list (names from the shared catalogue; duplicates dropped). */
export const updateUserPermissionsSchema = z.object({
  id: recordIdSchema,
  permissions: z.array(userPermissionNameSchema).max(200),
});

/** `users/extensions`: every live user of the company and the extension they hold (or null). */
export const userExtensionSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: managedRoleSchema,
  status: userStatusSchema,
  extension: z.string().nullable(),
});
export const userExtensionsResponseSchema = z.object({ data: z.array(userExtensionSchema) });

/** `users/used-extensions`: the extension numbers live users hold, sorted. */
export const usedExtensionsResponseSchema = z.object({ data: z.array(z.string()) });

/**
 * `users/save-extensions`: new extensions for some users at once. The assignments are checked as a
 * whole, so two users may swap extensions in one call; then the PBX reloads the company's directory.
 * An extension cannot be taken away here: a user's extension id is required (specification §5, user
 * form), and a user left without one could not be edited until given one again (QA).
 */
export const saveExtensionsSchema = z.object({
  extensions: z
    .array(
      z.object({
        user_id: recordIdSchema,
        extension: z.preprocess(
          (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
          z.string({ error: 'validation.user_extension_required' }).pipe(extensionNumberSchema),
        ),
      }),
    )
    .min(1, 'validation.required')
    .max(1000),
});

/** `users/show-agent-name`: whose is this extension (null when no live user holds it). */
export const showAgentNameSchema = z.object({
  extension: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), extensionNumberSchema),
});
export const showAgentNameResponseSchema = z.object({ extension: z.string(), name: z.string().nullable() });

/** `users/show-agent-names`: names by extension for many at once; extensions nobody holds are left out. */
export const showAgentNamesSchema = z.object({
  extensions: z.array(z.preprocess((v) => (typeof v === 'number' ? String(v) : v), extensionNumberSchema)).max(500),
});
export const showAgentNamesResponseSchema = z.object({ data: z.record(z.string(), z.string()) });

/** `users/login-as` (admin only, after a confirmation): answers the login response of that user. */
export const loginAsSchema = z.object({ user_id: recordIdSchema });

/** `users/update-avatar` answers the user with the new photo address. */
export const userResponseSchema = z.object({ data: userSchema });

export type UserPermissions = z.infer<typeof userPermissionsSchema>;
export type UserExtension = z.infer<typeof userExtensionSchema>;
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;
export type SaveExtensionsInput = z.input<typeof saveExtensionsSchema>;
