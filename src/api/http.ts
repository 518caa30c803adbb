import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { getLanguage, getToken } from './storage';

/**
 * The one HTTP client of the app (CONTRACT §3). Features reach the network only through src/api.
 *
 * A 401 on an ordinary request is reported to the session (which refreshes the token once and reloads)
 * and the original error is still rejected (specification section 8). The reporter is injected by
 * src/shell/session/session-actor.ts so this module never imports the actor: no import cycle, and tests can plug
 * in a spy. Nothing else in the app refreshes tokens.
 */
export const http = axios.create({
  baseURL: '/api/v1',
  headers: { Accept: 'application/json' },
});

/** Receives the bearer token the failed request carried, so a window can tell a stale 401 from a fresh one. */
export type UnauthorizedReporter = (failedToken: string | null) => void;

let reportUnauthorized: UnauthorizedReporter | null = null;

export function setUnauthorizedReporter(reporter: UnauthorizedReporter | null): void {
  reportUnauthorized = reporter;
}

/** Session calls answer 401 for bad credentials or a dead refresh token; those must not start a refresh. */
const SESSION_PATHS = new Set(['login', 'refresh-token', 'company/login', 'user/login', 'logout']);

export function isSessionRequest(url: string | undefined): boolean {
  if (!url) return false;
  const path = url
    .replace(/^https?:\/\/[^/]+/, '')
    .split(/[?#]/)[0]!
    .replace(/^\/?(api\/v1\/)?/, '')
    .replace(/\/+$/, '');
  return SESSION_PATHS.has(path);
}

/** `kr` is the product's name for Korean; HTTP and Intl speak `ko` (CONTRACT §9). */
export function acceptLanguage(): 'ko' | 'en' {
  return getLanguage() === 'kr' ? 'ko' : 'en';
}

function bearerOf(config: InternalAxiosRequestConfig | undefined): string | null {
  const header = config?.headers?.get?.('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

// Read at request time, not at module load: the token changes on login and refresh.
http.interceptors.request.use((config) => {
  const token = getToken();
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('Accept-Language', acceptLanguage());
  return config;
});

http.interceptors.response.use(undefined, (error: AxiosError) => {
  if (error.response?.status === 401 && !isSessionRequest(error.config?.url)) {
    reportUnauthorized?.(bearerOf(error.config));
  }
  return Promise.reject(error);
});
