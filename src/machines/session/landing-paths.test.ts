import { describe, expect, it } from 'vitest';
import { homeForSignedIn, redirectAfterLogin } from './landing-paths';
import { makeUserInfo } from '../../api/testing/make-user-info';

const DASHBOARD_CO = ['company_can_use_dashboard'];

describe('redirectAfterLogin (specification section 2, rules in order)', () => {
  it.each([
    // rule 1: admin first, whatever the company or permissions say
    ['admin', '/admin/dashboard', makeUserInfo({ role: 'admin', username: 'admin', company: null, companyPermissions: [], permissions: [] })],
    ['admin whose company lacks the dashboard', '/admin/dashboard', makeUserInfo({ role: 'admin', companyPermissions: [] })],
    ['admin named user', '/admin/dashboard', makeUserInfo({ role: 'admin', username: 'user' })],
    // rule 2: company without the dashboard, or an agent without the permission
    ['manager of a company without dashboard', '/consultations/consultations', makeUserInfo({ role: 'manager', companyPermissions: [] })],
    ['agent of a company without dashboard', '/consultations/consultations', makeUserInfo({ companyPermissions: [] })],
    ['agent without dashboard permission', '/consultations/consultations', makeUserInfo({ permissions: [] })],
    ['username user without dashboard permission', '/consultations/consultations', makeUserInfo({ username: 'user', permissions: [] })],
    ['username user of a company without dashboard', '/consultations/consultations', makeUserInfo({ username: 'user', companyPermissions: [] })],
    // rule 3: the literal username "user"
    ['username user with dashboard', '/dashboard/announcements', makeUserInfo({ username: 'user' })],
    ['manager named user (managers pass the user check)', '/dashboard/announcements', makeUserInfo({ role: 'manager', username: 'user', permissions: [] })],
    // rule 4: everyone else
    ['agent with dashboard', '/dashboard', makeUserInfo()],
    ['manager without listed permissions', '/dashboard', makeUserInfo({ role: 'manager', permissions: [], companyPermissions: DASHBOARD_CO })],
    ['username that merely contains user', '/dashboard', makeUserInfo({ username: 'user2' })],
    ['username User (case matters)', '/dashboard', makeUserInfo({ username: 'User' })],
  ])('%s → %s', (_name, expected, userInfo) => {
    expect(redirectAfterLogin(userInfo)).toBe(expected);
  });
});

describe('homeForSignedIn (a signed-in user opening /login)', () => {
  it.each([
    ['admin', '/admin/dashboard', makeUserInfo({ role: 'admin' })],
    ['manager', '/dashboard', makeUserInfo({ role: 'manager' })],
    ['agent without dashboard', '/dashboard', makeUserInfo({ permissions: [], companyPermissions: [] })],
  ])('%s → %s', (_name, expected, userInfo) => {
    expect(homeForSignedIn(userInfo)).toBe(expected);
  });
});
