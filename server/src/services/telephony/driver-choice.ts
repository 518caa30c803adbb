import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema';
import type { CompanyTelephonyConfig } from '../../telephony/service';

/** Where the built-in CTI server is mounted (CONTRACT §7). */
export const BUILT_IN_CTI_PATH = '/cti';

/** Origins this app is reached at for sure: PUBLIC_ORIGIN and loopback on PORT. */
export function ownOrigins(config: Pick<AppConfig, 'port' | 'publicOrigin'>): string[] {
  const origins = [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
  if (config.publicOrigin) origins.push(config.publicOrigin);
  return origins;
}

/**
 * Whether a company's `cti_server` is this app's own `/cti`. The seed stores the relative `/cti` (resolved
 * against whatever origin the browser uses); an absolute address counts as ours only when it names one
 * of our own origins, so an operator who types `http://localhost:8080/cti` does not end up forwarding
 * every command to ourselves over HTTP.
 */
export function isBuiltInCtiServer(ctiServer: string, config: Pick<AppConfig, 'port' | 'publicOrigin'>): boolean {
  const trimmed = ctiServer.trim().replace(/\/+$/, '');
  if (trimmed.startsWith('/')) return trimmed === BUILT_IN_CTI_PATH;
  try {
    const url = new URL(trimmed);
    return url.pathname.replace(/\/+$/, '') === BUILT_IN_CTI_PATH && ownOrigins(config).includes(url.origin);
  } catch {
    return false;
  }
}

/**
 * The driver a company gets: the simulator behind the built-in `/cti` (or for every company when
 * TELEPHONY_DRIVER=simulator), legacy-http forwarding to any other CTI server. Asterisk needs AMI
 * settings the company record does not hold yet, so it is never chosen from the database.
 */
export function chooseDriver(ctiServer: string, config: Pick<AppConfig, 'port' | 'publicOrigin' | 'telephonyDriver'>): CompanyTelephonyConfig {
  if (config.telephonyDriver === 'simulator' || isBuiltInCtiServer(ctiServer, config)) return { driver: 'simulator' };
  return { driver: 'legacy-http', ctiServer: ctiServer.trim() };
}

/**
 * Who routes a company's inbound calls (docs/routing.md): the built-in PBX, which follows the company's
 * routing, or the company's own CTI server (the legacy HTTP driver), which decides for itself.
 */
export async function inboundRoutedBy(db: Database, companyId: number, config: Pick<AppConfig, 'port' | 'publicOrigin' | 'telephonyDriver'>): Promise<'builtin' | 'cti_server'> {
  const [company] = await db.select({ ctiServer: companies.ctiServer }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return chooseDriver(company?.ctiServer ?? '', config).driver === 'simulator' ? 'builtin' : 'cti_server';
}
