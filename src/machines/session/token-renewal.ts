/**
 * When to renew the access token before it expires. The specification's 401 → refresh → reload (1 s)
 * stays for a token that did expire (a laptop that slept), but a reload mid-call loses the call's
 * screen and whatever the agent was typing (QA: 15-minute tokens put a reload into every shift several
 * times). So the session renews the token quietly ahead of time, and a 401 becomes the exception.
 */

/** setTimeout's largest delay: "not before the page is long gone". */
export const NEVER_MS = 2 ** 31 - 1;
/** However near the expiry looks (a client clock running ahead), never renew more often than this. */
export const MIN_RENEW_DELAY_MS = 10_000;

interface Claims {
  iat: number;
  exp: number;
}

function claimsOf(token: string): Claims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { iat, exp } = JSON.parse(json) as Partial<Claims>;
    return typeof iat === 'number' && typeof exp === 'number' && exp > iat ? { iat, exp } : null;
  } catch {
    return null;
  }
}

/**
 * Milliseconds from `now` until the token should be renewed: a tenth of its lifetime before it expires
 * (90 s of a 15-minute token; at least 30 s, at most 5 minutes), never later than a full lifetime from
 * now (a client clock running behind) nor sooner than MIN_RENEW_DELAY_MS. NEVER_MS for a token that
 * tells no lifetime.
 */
export function renewalDelayMs(token: string | null, now: number): number {
  const claims = token ? claimsOf(token) : null;
  if (!claims) return NEVER_MS;
  const lifetimeMs = (claims.exp - claims.iat) * 1000;
  const marginMs = Math.min(Math.max(lifetimeMs / 10, 30_000), 300_000);
  const untilRenewal = claims.exp * 1000 - now - marginMs;
  return Math.max(MIN_RENEW_DELAY_MS, Math.min(untilRenewal, lifetimeMs - marginMs));
}
