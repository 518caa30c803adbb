import { KEPT_ON_SIGN_OUT, STORAGE_KEYS } from './storage-keys';
import { removeAllDrafts } from './form-drafts';
import { forgetListQueries } from './list-query-memory';
import { z } from 'zod';
import { languageSchema, userInfoSchema, type Language, type UserInfo } from './contracts/session.contract';

/**
 * Typed access to what the browser keeps (specification section 3, CONTRACT §9).
 * Every read tolerates a missing or throwing localStorage (private modes, sandboxed frames) and bad data:
 * a value that does not parse reads as null rather than breaking the app at boot.
 */

export type Theme = 'light' | 'dark' | 'semi-dark';
const THEMES: readonly Theme[] = ['light', 'dark', 'semi-dark'];

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the session still works for this page, it just will not survive a reload.
  }
}

export const getToken = (): string | null => read(STORAGE_KEYS.token);
export const setToken = (value: string | null): void => write(STORAGE_KEYS.token, value);
export const getRefreshToken = (): string | null => read(STORAGE_KEYS.refreshToken);
export const setRefreshToken = (value: string | null): void => write(STORAGE_KEYS.refreshToken, value);

export function getUserInfo(): UserInfo | null {
  const raw = read(STORAGE_KEYS.userInfo);
  if (!raw) return null;
  try {
    const parsed = userInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
export const setUserInfo = (value: UserInfo | null): void =>
  write(STORAGE_KEYS.userInfo, value ? JSON.stringify(value) : null);

export function getLanguage(): Language | null {
  const parsed = languageSchema.safeParse(read(STORAGE_KEYS.language));
  return parsed.success ? parsed.data : null;
}
export const setLanguage = (value: Language | null): void => write(STORAGE_KEYS.language, value);

export function getTheme(): Theme | null {
  const value = read(STORAGE_KEYS.theme);
  return THEMES.find((t) => t === value) ?? null;
}
export const setTheme = (value: Theme | null): void => write(STORAGE_KEYS.theme, value);

export const getIdentity = (): string | null => read(STORAGE_KEYS.identity);
export const setIdentity = (value: string | null): void => write(STORAGE_KEYS.identity, value);
export const getExtension = (): string | null => read(STORAGE_KEYS.extension);
export const setExtension = (value: string | null): void => write(STORAGE_KEYS.extension, value);
export const getPhoneNumber = (): string | null => read(STORAGE_KEYS.phoneNumber);
export const setPhoneNumber = (value: string | null): void => write(STORAGE_KEYS.phoneNumber, value);

export function getVerticalNavMenuWidth(): number | null {
  const value = Number(read(STORAGE_KEYS.verticalNavMenuWidth) ?? NaN);
  return Number.isFinite(value) ? value : null;
}
export const setVerticalNavMenuWidth = (value: number | null): void =>
  write(STORAGE_KEYS.verticalNavMenuWidth, value === null ? null : String(value));

/** The platform administrator's own session, kept while they work as another user (login-as). */
const impersonatorSessionSchema = z.object({ token: z.string().min(1), refreshToken: z.string().min(1), userInfo: userInfoSchema });
export type ImpersonatorSession = z.infer<typeof impersonatorSessionSchema>;

export function getImpersonatorSession(): ImpersonatorSession | null {
  const raw = read(STORAGE_KEYS.impersonatorSession);
  if (!raw) return null;
  try {
    const parsed = impersonatorSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const setImpersonatorSession = (session: ImpersonatorSession | null): void =>
  write(STORAGE_KEYS.impersonatorSession, session ? JSON.stringify(session) : null);

/** Keeps the session this window holds now (token, refresh token, user) as the administrator's own. */
export function stashImpersonatorSession(): void {
  const token = getToken();
  const refreshToken = getRefreshToken();
  const userInfo = getUserInfo();
  if (token && refreshToken && userInfo) setImpersonatorSession({ token, refreshToken, userInfo });
}

/** The signed-in user kept by an earlier page: only when both a token and a valid userInfo are stored. */
export function getStoredSession(): UserInfo | null {
  return getToken() ? getUserInfo() : null;
}

/**
 * Removes the session keys and the unsaved form drafts (customer data, form-drafts.ts) and keeps the
 * user's preferences (language, menu width, theme).
 */
export function clearSession(): void {
  const kept: readonly string[] = KEPT_ON_SIGN_OUT;
  for (const key of Object.values(STORAGE_KEYS)) {
    if (!kept.includes(key)) write(key, null);
  }
  removeAllDrafts();
  forgetListQueries();
}
