import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { UserInfo } from '../../../src/api/contracts/session.contract';
import { loginAs, post } from '../helpers/build-test-app';

/** The demo accounts a resource test signs in as (CONTRACT §6). */
export const DEMO_USERS = ['manager', 'agent1', 'agent2', 'user', 'acme-manager', 'acme-agent', 'admin'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/**
 * Signs every demo account in once and answers a caller: `call('agent1', '/member/list', { page: 2 })`.
 * Korean answers with `{ language: 'ko' }`.
 */
export async function signedInCaller(app: FastifyInstance) {
  const tokens = new Map<DemoUser, string>();
  const users = new Map<DemoUser, UserInfo>();
  for (const username of DEMO_USERS) {
    const session = await loginAs(app, username);
    tokens.set(username, session.access_token);
    users.set(username, session.user);
  }
  const call = (
    username: DemoUser,
    path: string,
    body: Record<string, unknown> = {},
    options: { language?: string } = {},
  ): Promise<LightMyRequestResponse> => post(app, path, body, { token: tokens.get(username)!, ...options });
  /** The user info the sign-in answered: what the shared permission checks read. */
  const userInfoOf = (username: DemoUser): UserInfo => users.get(username)!;
  /** The access token of the sign-in, for requests other than POST /api/v1 (the CTI API). */
  const tokenOf = (username: DemoUser): string => tokens.get(username)!;
  return Object.assign(call, { userInfoOf, tokenOf });
}

export type Caller = Awaited<ReturnType<typeof signedInCaller>>;

/** The record of a `{ data }` answer. */
export const dataOf = <T = Record<string, unknown>>(response: LightMyRequestResponse): T => response.json<{ data: T }>().data;
