import type { LoginType, UserInfo } from '../../../../src/api/contracts/session.contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { companyScope } from '../../db/company-scope';
import { loadCompanyQueues } from '../queues/company-queues';
import type { Account } from './account';

/**
 * Resolves a company's CTI server address. The built-in server is stored as the relative `/cti`, so the
 * answer follows whatever origin the app is reached at (CONTRACT §7: `<app origin>/cti`); external
 * servers are stored absolute and returned as they are.
 */
export function resolveCtiServer(stored: string, origin: string): string {
  return stored.startsWith('/') ? `${origin}${stored}` : stored;
}

/** The administrator working as the user (login-as, docs/administration.md): id and name. */
async function impersonatorOf(db: Database, adminId: number): Promise<{ id: number; name: string }> {
  const [admin] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, adminId)).limit(1);
  return admin ?? { id: adminId, name: '' };
}

/** The user-info object of the specification (§3), exactly as `userInfoSchema`. */
export async function buildUserInfo(
  db: Database,
  account: Account,
  loginType: LoginType,
  origin: string,
  impersonatedBy: number | null = null,
): Promise<UserInfo> {
  const { user, company } = account;
  const impersonator = impersonatedBy === null ? null : await impersonatorOf(db, impersonatedBy);
  const ctiServer = company ? resolveCtiServer(company.ctiServer, origin) : null;
  const companyQueues = company ? await loadCompanyQueues(companyScope(db, company.id)) : [];
  return {
    user: {
      id: user.id,
      name: user.name,
      username: user.username,
      email: user.email,
      mobile: user.mobile,
      landline: user.landline,
      avatar: user.avatar,
      status: user.status,
    },
    role: user.role,
    permissions: [...user.permissions],
    company: company && ctiServer ? { id: company.id, name: company.name, cti_server: ctiServer } : null,
    companyPermissions: company ? [...company.permissions] : [],
    loginType,
    language: user.language,
    queue_report_status: user.queueReportStatus,
    extension: user.extension,
    servers: company && ctiServer ? [{ name: company.asteriskName ?? 'cti', url: ctiServer, type: company.ctiServer.startsWith('/') ? 'builtin' : 'external' }] : [],
    companyQueueStatuses: companyQueues.map((q) => ({ queue: q.number, enabled: q.enabled })),
    impersonated_by: impersonator,
  };
}
