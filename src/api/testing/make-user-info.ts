import type { LoginResponse, UserInfo } from '../contracts/session.contract';

/**
 * Test factory for the user-info object. Defaults describe the demo agent1 (CONTRACT §6): an agent of
 * a company that may use the dashboard, with the `dashboard` permission. Override what a case is about.
 */
export function makeUserInfo(overrides: Partial<UserInfo> & { username?: string } = {}): UserInfo {
  const { username = 'agent1', ...rest } = overrides;
  return {
    user: {
      id: 4,
      name: username,
      username,
      email: null,
      mobile: null,
      landline: null,
      avatar: null,
      status: 'active',
    },
    role: 'agent',
    permissions: ['dashboard'],
    company: { id: 1, name: 'Demo Call Centre', cti_server: 'http://localhost:8080/cti' },
    companyPermissions: ['company_can_use_dashboard'],
    loginType: 'password',
    language: 'en',
    queue_report_status: false,
    extension: '1001',
    servers: [],
    companyQueueStatuses: [],
    ...rest,
  };
}

export function makeLoginResponse(user: UserInfo = makeUserInfo(), suffix = '1'): LoginResponse {
  return { access_token: `access-${suffix}`, refresh_token: `refresh-${suffix}`, user };
}
