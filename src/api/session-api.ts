import { z } from 'zod';
import { http } from './http';
import {
  loginResponseSchema,
  userInfoSchema,
  type ChangePassword,
  type LoginRequest,
  type LoginResponse,
  type PersonalInformation,
  type UserInfo,
} from './contracts/session.contract';

/**
 * Typed session calls (CONTRACT §4, docs/interfaces-foundation.md). Every answer is parsed with the
 * shared zod schemas, so a server that drifts from the contract fails here, loudly, and not three
 * screens later. Errors are thrown as they come (AxiosError or ZodError); callers use toApiError.
 * Request bodies are not re-validated here: forms validate with the same schemas, and the server answers
 * 422 with per-field messages, which toApiError turns into fieldErrors.
 */

const userAnswerSchema = z.object({ user: userInfoSchema });
const resultAnswerSchema = z.object({ result: z.literal('success') });

export async function login(request: LoginRequest): Promise<LoginResponse> {
  const { data } = await http.post('/login', request);
  return loginResponseSchema.parse(data);
}

/** Form-encoded, as the specification's refresh call (section 7). */
export async function refreshToken(refreshTokenValue: string): Promise<LoginResponse> {
  const body = new URLSearchParams({ refresh_token: refreshTokenValue });
  const { data } = await http.post('/refresh-token', body, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  return loginResponseSchema.parse(data);
}

/** Company login with the company API key (`?apiKey=` in the URL). */
export async function companyLogin(apiKey: string): Promise<LoginResponse> {
  const { data } = await http.post('/company/login', { apiKey });
  return loginResponseSchema.parse(data);
}

/** Agent login with an agent API key (`?agentApiKey=` in the URL). */
export async function agentLogin(agentApiKey: string): Promise<LoginResponse> {
  const { data } = await http.post('/user/login', { agentApiKey });
  return loginResponseSchema.parse(data);
}

/** `users/login-as` (admin only): a login of that user whose user info carries `impersonated_by`. */
export async function loginAsUser(userId: number): Promise<LoginResponse> {
  const { data } = await http.post('/users/login-as', { user_id: userId });
  return loginResponseSchema.parse(data);
}

export async function checkUser(): Promise<UserInfo> {
  const { data } = await http.post('/users/check-user');
  return userInfoSchema.parse(data);
}

/** Revokes the session's refresh tokens on the server. */
export async function logout(refreshTokenValue?: string | null): Promise<void> {
  await http.post('/logout', refreshTokenValue ? { refresh_token: refreshTokenValue } : {});
}

export async function viewMyAccount(): Promise<UserInfo> {
  const { data } = await http.post('/my-account/view');
  return userAnswerSchema.parse(data).user;
}

export async function updateMyAccount(input: PersonalInformation): Promise<UserInfo> {
  const { data } = await http.post('/my-account/update', input);
  return userAnswerSchema.parse(data).user;
}

export async function changePassword(input: ChangePassword): Promise<void> {
  const { data } = await http.post('/my-account/change-password', input);
  resultAnswerSchema.parse(data);
}
