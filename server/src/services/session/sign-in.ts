import { and, asc, eq, isNull } from 'drizzle-orm';
import type { LoginResponse, LoginType } from '../../../../src/api/contracts/session.contract';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError, invalidCredentials, unauthenticated } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/passwords';
import type { AccessTokenSigner } from '../../lib/tokens';
import { canHoldSession, loadAccount, loadAccountById, type Account } from './account';
import { findAgentApiKey, markAgentApiKeyUsed, providesAgentApi } from './agent-api-keys';
import { findCompanyApiKey, markCompanyApiKeyUsed } from './company-api-keys';
import {
  addressSubject,
  clearLoginFailures,
  keepAsFailure,
  releaseAttempt,
  reserveLoginAttempt,
  sleep,
  usernameSubject,
  type ThrottleSubject,
} from './login-throttle';
import { consumeRefreshToken, issueRefreshToken, LoginRevoked, revokeFamily } from './refresh-tokens';
import { buildUserInfo } from './user-info';

/** What the sign-in flows need; the app decorates itself with these (plugins/context.ts). */
export interface SessionDeps {
  db: Database;
  config: AppConfig;
  passwords: PasswordHasher;
  accessTokens: AccessTokenSigner;
}

/** The caller's origin, used to resolve the built-in CTI server address. */
type Origin = string;

/**
 * Issues an access token and a refresh token (new family unless one is given) and the user info. A login
 * started with an agent or company API key remembers the key, and one started by the platform
 * administrator's login-as remembers the administrator (`impersonatedBy`), through every refresh.
 */
export async function startSession(
  deps: SessionDeps,
  account: Account,
  loginType: LoginType,
  origin: Origin,
  login: { familyId?: string; agentApiKeyId?: number | null; companyApiKeyId?: number | null; impersonatedBy?: number | null } = {},
): Promise<LoginResponse> {
  const { user } = account;
  const refresh = await issueRefreshToken(deps.db, {
    userId: user.id,
    loginType,
    ttlSeconds: deps.config.refreshTokenTtlSeconds,
    ...(login.familyId ? { familyId: login.familyId } : {}),
    agentApiKeyId: login.agentApiKeyId ?? null,
    companyApiKeyId: login.companyApiKeyId ?? null,
    impersonatedBy: login.impersonatedBy ?? null,
  });
  const accessToken = await deps.accessTokens.sign({
    userId: user.id,
    role: user.role,
    companyId: user.companyId,
    familyId: refresh.familyId,
    loginType,
    impersonatedBy: login.impersonatedBy ?? null,
  });
  return {
    access_token: accessToken,
    refresh_token: refresh.token,
    user: await buildUserInfo(deps.db, account, loginType, origin, login.impersonatedBy ?? null),
  };
}

export async function signInWithPassword(
  deps: SessionDeps,
  input: { username: string; password: string; ip: string | null; origin: Origin },
): Promise<LoginResponse> {
  const subject = usernameSubject(input.username);
  const attempt = await reserveLoginAttempt(deps.db, deps.config.loginThrottle, subject, input.ip);
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);

  const account = await loadAccount(deps.db, eq(users.username, input.username));
  // Unknown users cost one argon2 verification too, so timing does not reveal which names exist.
  const passwordOk = account
    ? await deps.passwords.verify(account.user.passwordHash, input.password)
    : await deps.passwords.verifyDummy(input.password);
  if (!account || !passwordOk || account.user.deletedAt) {
    await keepAsFailure(deps.db, subject);
    throw invalidCredentials();
  }
  await clearLoginFailures(deps.db, subject);
  // The password was right, so saying why is no enumeration.
  if (!canHoldSession(account)) throw unauthenticated('errors.user_inactive');
  return startSession(deps, account, 'password', input.origin);
}

/**
 * An API-key sign-in, throttled per client address like passwords are per username: the key is checked
 * only after the attempt is counted, and a wrong key stays counted.
 */
async function withAddressThrottle<T>(deps: SessionDeps, ip: string | null, signIn: () => Promise<T>): Promise<T> {
  const subject: ThrottleSubject = addressSubject(ip);
  const attempt = await reserveLoginAttempt(deps.db, deps.config.loginThrottle, subject, ip);
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);
  let result: T;
  try {
    result = await signIn();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) await keepAsFailure(deps.db, subject);
    else await releaseAttempt(deps.db, attempt);
    throw error;
  }
  await releaseAttempt(deps.db, attempt);
  return result;
}

/**
 * Signs in as the company's first active manager (interfaces-foundation: acts as the manager account)
 * with any live key of the company (`/admin/management/api-key`): a revoked key, or one of a deleted
 * company, is a 401. Stamps the key's `last_used_at`; the login remembers the key, so revoking it ends
 * the login.
 */
export function signInWithCompanyKey(deps: SessionDeps, apiKey: string, ip: string | null, origin: Origin): Promise<LoginResponse> {
  return withAddressThrottle(deps, ip, async () => {
    const invalidKey = () => new HttpError(401, 'errors.invalid_api_key');
    const key = await findCompanyApiKey(deps.db, apiKey);
    if (!key) throw invalidKey();
    const [manager] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.companyId, key.companyId), eq(users.role, 'manager'), eq(users.status, 'active'), isNull(users.deletedAt)),
      )
      .orderBy(asc(users.id))
      .limit(1);
    const account = manager ? await loadAccountById(deps.db, manager.id) : null;
    if (!canHoldSession(account)) throw invalidKey();
    await markCompanyApiKeyUsed(deps.db, key.id);
    return startSession(deps, account, 'company_api_key', origin, { companyApiKeyId: key.id });
  });
}

/**
 * Any live key (`/agent-api-key`) of an active agent, in the key's own company, which must provide the
 * agent API. Stamps the key's `last_used_at`; the login remembers the key, so revoking it ends the login.
 */
export function signInWithAgentKey(deps: SessionDeps, agentApiKey: string, ip: string | null, origin: Origin): Promise<LoginResponse> {
  return withAddressThrottle(deps, ip, async () => {
    const invalidKey = () => new HttpError(401, 'errors.invalid_api_key');
    const key = await findAgentApiKey(deps.db, agentApiKey);
    const account = key?.userId ? await loadAccountById(deps.db, key.userId) : null;
    if (!key || !canHoldSession(account) || account.user.role !== 'agent' || account.user.companyId !== key.companyId || !providesAgentApi(account.company)) {
      throw invalidKey();
    }
    await markAgentApiKeyUsed(deps.db, key.id);
    return startSession(deps, account, 'agent_api_key', origin, { agentApiKeyId: key.id });
  });
}

/** Rotates a refresh token: the presented one is used up, the next one joins the same family. */
export async function refreshSession(deps: SessionDeps, refreshToken: string, origin: Origin): Promise<LoginResponse> {
  const consumed = await consumeRefreshToken(deps.db, refreshToken);
  const account = await loadAccountById(deps.db, consumed.userId);
  if (!canHoldSession(account)) {
    await revokeFamily(deps.db, consumed.familyId);
    throw new LoginRevoked(consumed.familyId);
  }
  return startSession(deps, account, consumed.loginType, origin, {
    familyId: consumed.familyId,
    agentApiKeyId: consumed.agentApiKeyId,
    companyApiKeyId: consumed.companyApiKeyId,
    impersonatedBy: consumed.impersonatedBy,
  });
}
