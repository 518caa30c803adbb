import type { FastifyRequest } from 'fastify';
import type { CompanyPermission, Role, UserPermission } from '../../../src/api/permissions/catalogue';
import type { RequestAuth } from '../../src/plugins/auth';
import { requirePermission, requireRole } from '../../src/plugins/permissions';

/** Unit table for the permission hooks (specification §6 rules via src/api/permissions/check.ts). */

function requestAs(role: Role | null, permissions: string[] = [], companyPermissions: string[] = []): FastifyRequest {
  const auth: RequestAuth | null = role
    ? {
        userId: 1,
        role,
        companyId: role === 'admin' ? null : 1,
        permissions,
        companyPermissions,
        familyId: '00000000-0000-4000-8000-000000000000',
        loginType: 'password',
        extension: null,
      }
    : null;
  return { authOrNull: auth } as unknown as FastifyRequest;
}

async function statusOf(hook: (request: FastifyRequest) => Promise<void>, request: FastifyRequest): Promise<number> {
  try {
    await hook(request);
    return 200;
  } catch (error) {
    return (error as { statusCode?: number }).statusCode ?? 500;
  }
}

type Case = [string, Role | null, string[], string[], UserPermission, CompanyPermission | undefined, number];

const cases: Case[] = [
  ['no session', null, [], [], 'dashboard', undefined, 401],
  ['agent with the permission', 'agent', ['dashboard'], [], 'dashboard', undefined, 200],
  ['agent without the permission', 'agent', ['members'], [], 'dashboard', undefined, 403],
  ['manager without listing it (managers pass the user check)', 'manager', [], [], 'dashboard', undefined, 200],
  ['admin without listing it (only managers pass by role)', 'admin', [], [], 'dashboard', undefined, 403],
  ['agent with both', 'agent', ['dashboard'], ['company_can_use_dashboard'], 'dashboard', 'company_can_use_dashboard', 200],
  ['agent whose company lacks it', 'agent', ['dashboard'], [], 'dashboard', 'company_can_use_dashboard', 403],
  ['agent lacking it in a company that has it', 'agent', [], ['company_can_use_dashboard'], 'dashboard', 'company_can_use_dashboard', 403],
  ['manager whose company has it', 'manager', [], ['company_can_use_dashboard'], 'dashboard', 'company_can_use_dashboard', 200],
  ['manager whose company lacks it', 'manager', [], [], 'dashboard', 'company_can_use_dashboard', 403],
  ['agent with cti_new_window', 'agent', ['cti_new_window'], [], 'cti_new_window', undefined, 200],
];

describe('requirePermission', () => {
  it.each(cases)('%s', async (_name, role, permissions, companyPermissions, permission, companyPermission, expected) => {
    const hook = requirePermission(permission, companyPermission);
    expect(await statusOf(hook, requestAs(role, permissions, companyPermissions))).toBe(expected);
  });
});

describe('requireRole', () => {
  it.each<[Role | null, Role[], number]>([
    [null, ['manager'], 401],
    ['agent', ['manager'], 403],
    ['manager', ['manager'], 200],
    ['admin', ['manager', 'admin'], 200],
    ['manager', ['admin'], 403],
  ])('%s against %j answers %i', async (role, roles, expected) => {
    expect(await statusOf(requireRole(...roles), requestAs(role))).toBe(expected);
  });
});
