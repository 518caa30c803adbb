/**
 * The three ways to sign in (specification section 2, CONTRACT §4) and the URL form of two of them.
 * Pure functions on strings: the machine gets `location.search` as input and never touches window.
 */
export type LoginCredentials =
  | { method: 'password'; username: string; password: string }
  | { method: 'apiKey'; apiKey: string }
  | { method: 'agentApiKey'; agentApiKey: string };

/** Query parameters that sign in on any route: `?apiKey=` (company) and `?agentApiKey=` (agent). */
export const LOGIN_QUERY_KEYS = ['apiKey', 'agentApiKey'] as const;

/** The company key wins when both are present, as the specification lists it first. */
export function credentialsFromSearch(search: string): LoginCredentials | null {
  const params = new URLSearchParams(search);
  const apiKey = params.get('apiKey')?.trim();
  if (apiKey) return { method: 'apiKey', apiKey };
  const agentApiKey = params.get('agentApiKey')?.trim();
  if (agentApiKey) return { method: 'agentApiKey', agentApiKey };
  return null;
}

/**
 * The same URL without the login keys, so the key does not stay in the address bar, the history or
 * a bookmark. Keeps the path, the other query parameters and the hash.
 */
export function withoutLoginKeys(pathname: string, search: string, hash = ''): string {
  const params = new URLSearchParams(search);
  for (const key of LOGIN_QUERY_KEYS) params.delete(key);
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}

/** Strips the event envelope so passwords are not kept alongside the event type. */
export function credentialsOf(event: { type: 'LOGIN' } & LoginCredentials): LoginCredentials {
  switch (event.method) {
    case 'password':
      return { method: 'password', username: event.username, password: event.password };
    case 'apiKey':
      return { method: 'apiKey', apiKey: event.apiKey };
    case 'agentApiKey':
      return { method: 'agentApiKey', agentApiKey: event.agentApiKey };
  }
}
