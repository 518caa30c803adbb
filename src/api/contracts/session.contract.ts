import { z } from 'zod';
import { MAX_SECRET_LENGTH, MAX_USERNAME_LENGTH } from './input-bounds';
import { optionalPhoneText } from './optional-text';
import { COMPANY_PERMISSIONS, ROLES } from '../permissions/catalogue';

/** Session contract (CONTRACT §4), shared by the server's route schemas and the client. */

export const roleSchema = z.enum(ROLES);
export const languageSchema = z.enum(['en', 'kr']);
export const loginTypeSchema = z.enum(['password', 'company_api_key', 'agent_api_key']);

export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  landline: z.string().nullable(),
  avatar: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
});

export const sessionCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cti_server: z.string(),
});

export const serverEntrySchema = z.object({ name: z.string(), url: z.string(), type: z.string() });
export const companyQueueStatusSchema = z.object({ queue: z.string(), enabled: z.boolean() });

/** The user-info object of the specification (section 3), stored as `userInfo` in the browser. */
export const userInfoSchema = z.object({
  user: sessionUserSchema,
  role: roleSchema,
  permissions: z.array(z.string()),
  company: sessionCompanySchema.nullable(),
  companyPermissions: z.array(z.string()),
  loginType: loginTypeSchema,
  language: languageSchema,
  queue_report_status: z.boolean(),
  extension: z.string().nullable(),
  servers: z.array(serverEntrySchema),
  companyQueueStatuses: z.array(companyQueueStatusSchema),
  /**
   * The platform administrator working as this user (`users/login-as`, CONTRACT §14), or null. Optional
   * so that answers and stored user info from before it still parse.
   */
  impersonated_by: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
});

/** Sign-in text is bounded (input-bounds.ts): a 3 KB username used to fail in the throttle's index (500). */
const secretText = (requiredId: 'validation.password_required' | 'validation.refresh_token_required' | 'validation.api_key_required' | 'validation.current_password_required' | 'validation.password_confirmation_required') =>
  z.string().min(1, requiredId).max(MAX_SECRET_LENGTH, 'validation.text_too_long');

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, 'validation.username_required').max(MAX_USERNAME_LENGTH, 'validation.text_too_long'),
  password: secretText('validation.password_required'),
});

export const refreshRequestSchema = z.object({ refresh_token: secretText('validation.refresh_token_required') });
export const companyLoginRequestSchema = z.object({ apiKey: secretText('validation.api_key_required') });
export const agentLoginRequestSchema = z.object({ agentApiKey: secretText('validation.api_key_required') });

export const loginResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user: userInfoSchema,
});

export const personalInformationSchema = z.object({
  name: z.string().trim().min(1, 'validation.name_required').max(100),
  email: z.string().trim().email('validation.email_invalid').nullable().or(z.literal('')).transform((v) => v || null),
  mobile: optionalPhoneText(),
  landline: optionalPhoneText(),
  language: languageSchema,
});

export const changePasswordSchema = z
  .object({
    current_password: secretText('validation.current_password_required'),
    new_password: z.string().min(8, 'validation.password_min_8').max(200),
    new_password_confirmation: secretText('validation.password_confirmation_required'),
  })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: 'validation.password_confirmation_mismatch',
  });

export type Role = z.infer<typeof roleSchema>;
export type Language = z.infer<typeof languageSchema>;
export type LoginType = z.infer<typeof loginTypeSchema>;
export type UserInfo = z.infer<typeof userInfoSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type PersonalInformation = z.input<typeof personalInformationSchema>;
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** Referenced so the company-permission names stay tied to the catalogue. */
export const companyPermissionSchema = z.enum(COMPANY_PERMISSIONS);
