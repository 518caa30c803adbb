import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../config';
import { ownOrigins } from '../services/telephony/driver-choice';

/**
 * The WebSocket Origin check (OWASP ASVS 4.4.2), run at the handshake before anything else. A browser
 * always sends Origin on a WebSocket or cross-origin request, and a page cannot forge it, so:
 * - the app's own origins pass: loopback on PORT, PUBLIC_ORIGIN, ALLOWED_ORIGINS, and the origin the
 *   request itself was addressed to (Origin's host equal to Host: the page was served by this server,
 *   whatever name it was reached by, including the Vite dev proxy);
 * - any other Origin is refused (403 at the handshake);
 * - no Origin at all is a non-browser client (a test, a script, a wallboard daemon): it passes here and
 *   still needs a valid token like everyone else. Cross-site WebSocket hijacking needs a browser, and a
 *   browser sends Origin.
 */
export function createOriginPolicy(config: Pick<AppConfig, 'port' | 'publicOrigin' | 'allowedOrigins'>) {
  const allowed = new Set([...ownOrigins(config), ...config.allowedOrigins]);
  return function isAllowedOrigin(request: Pick<IncomingMessage, 'headers'>): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    if (allowed.has(origin)) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  };
}
