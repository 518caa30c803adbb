import { createHash } from 'node:crypto';
import { and, isNull, notLike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { companies } from '../db/schema';
import { globalPlugin } from '../lib/global-plugin';

/**
 * Content-Security-Policy of every answer (issue 15). Sessions live in localStorage, so an injected
 * script could read them: the policy is what keeps a markup injection from becoming a session theft.
 * Three policies, chosen by path (not by content type: a 304 has none, and the browser would store the
 * 304's policy with the cached page):
 *
 * - the web app (`/`, client routes of the history fallback, its assets): `appPolicy`;
 * - Swagger UI (`/api/docs`, its assets and JSON): `DOCS_POLICY`;
 * - everything else under `/api`, `/cti`, `/socket.io` (JSON, files, recordings): `API_POLICY`.
 *
 * Directive by directive (docs/decisions.md has the history):
 * - `default-src 'self'`: whatever is not listed (frames of the pop-ups, workers, manifest) comes from
 *   this origin only.
 * - `script-src 'self'`: no inline script, no eval, no other host. The Vite build emits none inline, and
 *   the client turns off zod's `new Function` fast path (`src/api/zod-jitless.ts`). Every answer carries
 *   `nosniff`, so an uploaded file is never run as a script.
 * - `style-src 'self'`: no inline `<style>` (index.html's was moved to `src/page.css`). React and
 *   Blueprint set styles through the CSSOM (`element.style`), which CSP does not govern, so no
 *   `'unsafe-inline'` is needed for them either.
 * - `img-src 'self' data: blob:`: Blueprint's CSS draws checkboxes and selects with `data:` SVGs, the
 *   favicon is `data:,`, and the avatar picker previews the chosen file through a `blob:` URL.
 * - `font-src 'self'`: the Blueprint icon font, built into `/assets` as files (too big to be inlined).
 * - `media-src 'self'`: recordings play from `/api/v1/...` URLs carrying a recording token; the ring is
 *   WebAudio (no URL).
 * - `connect-src 'self'` plus `PUBLIC_ORIGIN` and every live company's external `cti_server` origin:
 *   the CTI client calls `company.cti_server` straight from the browser, and an external one is another
 *   origin. The page is served before anyone signs in, so it cannot be the caller's company alone: all
 *   companies' CTI origins are listed (origins only, which those companies' browsers contact anyway).
 *   `'self'` also covers the socket's same-origin `ws:`/`wss:` (CSP Level 3, verified in Chromium by
 *   tests/e2e/content-security-policy.test.ts). `ALLOWED_ORIGINS` is not listed: it names pages of
 *   other origins that may open our socket, not hosts our page connects to.
 * - `object-src 'none'`, `base-uri 'self'`, `form-action 'self'`: no plugins, no `<base>` hijack of
 *   relative URLs, no form posting credentials elsewhere.
 * - `frame-ancestors 'self'`: pop-ups are windows or dialogs of the same origin; nobody else may frame
 *   the app (clickjacking; `X-Frame-Options: SAMEORIGIN` says the same to old browsers).
 */

const SELF = "'self'";

function serialise(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** The web app's policy; `extraConnect` are further origins the CTI client may call. */
export function appPolicy(extraConnect: readonly string[] = []): string {
  return serialise({
    'default-src': [SELF],
    'script-src': [SELF],
    'style-src': [SELF],
    'img-src': [SELF, 'data:', 'blob:'],
    'font-src': [SELF],
    'media-src': [SELF],
    'connect-src': [SELF, ...new Set(extraConnect)],
    'object-src': ["'none'"],
    'base-uri': [SELF],
    'form-action': [SELF],
    'frame-ancestors': [SELF],
  });
}

/**
 * Swagger UI (@fastify/swagger-ui) is three same-origin scripts, two stylesheets and PNG favicons; it
 * renders its SVG icons inline, its CSS has `data:` images and no fonts, and "Try it out" calls this
 * origin. It also draws one inline `<style>`, the `<defs>` of its SVG logo in the top bar
 * (swagger-ui-dist's standalone preset), before @fastify/swagger-ui's script swaps in its own logo (a
 * `data:` image): that one is allowed by its hash, no other inline style is. A Swagger UI upgrade that
 * changes it shows up as a violation in tests/e2e/content-security-policy.test.ts.
 *
 * The plugin's own `staticCSP` option is not used: it allows `https:` styles and fonts and
 * `upgrade-insecure-requests` (which breaks an app served over plain HTTP on a LAN), and this module
 * owns every policy.
 */
const SWAGGER_LOGO_STYLE = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';

function styleHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

export const DOCS_POLICY = serialise({
  'default-src': [SELF],
  'script-src': [SELF],
  'style-src': [SELF, styleHash(SWAGGER_LOGO_STYLE)],
  'img-src': [SELF, 'data:'],
  'font-src': [SELF],
  'connect-src': [SELF],
  'object-src': ["'none'"],
  'base-uri': [SELF],
  'form-action': [SELF],
  'frame-ancestors': [SELF],
});

/** JSON, files and streams are never documents worth rendering or framing. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const DOCS_PREFIX = '/api/docs';
const SERVER_PREFIXES = ['/api', '/cti', '/socket.io'];

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function policyKind(url: string): 'app' | 'docs' | 'api' {
  const pathname = url.split('?')[0] ?? '';
  if (under(pathname, DOCS_PREFIX)) return 'docs';
  if (SERVER_PREFIXES.some((prefix) => under(pathname, prefix))) return 'api';
  return 'app';
}

/** The origin of an absolute http(s) URL, or null (relative `/cti`, or not a URL). */
function httpOrigin(address: string): string | null {
  try {
    const url = new URL(address.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Origins of live companies' external CTI servers (the built-in one is the relative `/cti`). */
export async function externalCtiOrigins(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ctiServer: companies.ctiServer })
    .from(companies)
    .where(and(isNull(companies.deletedAt), notLike(companies.ctiServer, '/%')));
  const origins = rows.map((row) => httpOrigin(row.ctiServer)).filter((origin): origin is string => origin !== null);
  return [...new Set(origins)].sort();
}

/**
 * A page loads with a few dozen assets; they share one query. Five seconds is how long a changed
 * `cti_server` may take to reach a page that is loaded after the change.
 */
const ORIGINS_TTL_MS = 5_000;

function cachedCtiOrigins(app: FastifyInstance): () => Promise<string[]> {
  let cached: { at: number; origins: Promise<string[]> } | null = null;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at > ORIGINS_TTL_MS) {
      const origins = externalCtiOrigins(app.db).catch((error: unknown) => {
        // The page still loads; only an external CTI server stays unreachable until the next try.
        app.log.warn({ err: error }, 'content-security-policy: could not read the CTI servers');
        cached = null;
        return [];
      });
      cached = { at: now, origins };
    }
    return cached.origins;
  };
}

export const contentSecurityPolicyPlugin = globalPlugin('content-security-policy', async (app) => {
  const ctiOrigins = cachedCtiOrigins(app);
  const publicOrigin = app.config.publicOrigin ? httpOrigin(app.config.publicOrigin) : null;
  app.addHook('onSend', async (request, reply) => {
    const kind = policyKind(request.url);
    if (kind === 'docs') reply.header('Content-Security-Policy', DOCS_POLICY);
    else if (kind === 'api') reply.header('Content-Security-Policy', API_POLICY);
    else reply.header('Content-Security-Policy', appPolicy([...(publicOrigin ? [publicOrigin] : []), ...(await ctiOrigins())]));
  });
});
