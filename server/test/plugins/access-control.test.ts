import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companyScope } from '../../src/db/company-scope';
import { members } from '../../src/db/schema';
import { normalisePhoneNumber } from '../../src/lib/phone';
import { requirePermission, requireRole } from '../../src/plugins/permissions';
import { buildTestApp, loginAs, type TestApp } from '../helpers/build-test-app';

/**
 * The auth, permission and company-scope plugins wired into real routes, against the demo data.
 * The routes exist only in this test.
 */
async function registerProbeRoutes(app: FastifyInstance) {
  app.get('/api/v1/probe/dashboard', { onRequest: [app.authenticate, requirePermission('dashboard', 'company_can_use_dashboard')] }, async () => ({ ok: true }));
  app.get('/api/v1/probe/managers', { onRequest: [app.authenticate, requireRole('manager', 'admin')] }, async () => ({ ok: true }));
  app.get<{ Params: { number: string } }>('/api/v1/probe/members/by-phone/:number', { onRequest: app.authenticate }, async (request) => {
    const scope = request.companyScope();
    const rows = await scope.findMany(members, eq(members.phoneNumber, normalisePhoneNumber(request.params.number)));
    return { memberCount: rows.length, names: rows.map((m) => m.name).sort() };
  });
  app.get<{ Params: { id: string } }>('/api/v1/probe/members/:id', { onRequest: app.authenticate }, async (request) => {
    const member = await request.companyScope().findById(members, Number(request.params.id));
    return { name: member.name };
  });
}

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp({ registerExtraRoutes: registerProbeRoutes });
  for (const username of ['admin', 'manager', 'agent1', 'agent2', 'acme-manager', 'acme-agent']) {
    tokens[username] = (await loginAs(t.app, username)).access_token;
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, username?: string) =>
  t.app.inject({ method: 'GET', url, headers: username ? { authorization: `Bearer ${tokens[username]}` } : {} });

describe('requirePermission on a route (dashboard + company_can_use_dashboard)', () => {
  it.each([
    [undefined, 401],
    ['agent1', 200],
    ['agent2', 403],
    ['manager', 200],
    ['acme-agent', 403],
    ['acme-manager', 403],
    ['admin', 403],
  ] as const)('%s → %i', async (username, status) => {
    const response = await get('/api/v1/probe/dashboard', username);
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json()).toEqual({ error: true, message: 'You do not have permission to do this.' });
  });
});

describe('requireRole on a route', () => {
  it.each([
    ['agent1', 403],
    ['manager', 200],
    ['admin', 200],
  ] as const)('%s → %i', async (username, status) => {
    expect((await get('/api/v1/probe/managers', username)).statusCode).toBe(status);
  });
});

describe('company scope', () => {
  it('finds only the caller company’s members for a shared phone number', async () => {
    const demo = (await get('/api/v1/probe/members/by-phone/010-5555-0001', 'agent1')).json();
    const acme = (await get('/api/v1/probe/members/by-phone/+82 10 5555 0001', 'acme-agent')).json();
    expect(demo).toEqual({ memberCount: 1, names: ['김민준'] });
    expect(acme).toEqual({ memberCount: 1, names: ['강지호'] });
    expect((await get('/api/v1/probe/members/by-phone/01055550002', 'agent1')).json().memberCount).toBe(2);
  });

  it('answers 404, not 403, for another company’s record', async () => {
    const [acmeMember] = await companyScope(t.db, 2).findMany(members);
    expect(acmeMember).toBeDefined();
    expect((await get(`/api/v1/probe/members/${acmeMember?.id}`, 'acme-agent')).statusCode).toBe(200);
    const response = await get(`/api/v1/probe/members/${acmeMember?.id}`, 'agent1');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: true, message: 'No record found.' });
  });

  it('answers 403 for a caller without a company (the platform administrator)', async () => {
    expect((await get('/api/v1/probe/members/by-phone/01055550001', 'admin')).statusCode).toBe(403);
  });

  it('stamps inserts with the scope and never moves rows to another company', async () => {
    const demo = companyScope(t.db, 1);
    const [created] = await demo.insert(members, { name: '테스트 회원', phoneNumber: '01099990000' });
    expect(created?.companyId).toBe(1);
    const acme = companyScope(t.db, 2);
    expect(await acme.update(members, { name: 'hijacked' }, eq(members.id, created?.id ?? 0))).toEqual([]);
    const [moved] = await demo.update(members, { companyId: 2, name: '이름 변경' } as never, eq(members.id, created?.id ?? 0));
    expect(moved).toMatchObject({ companyId: 1, name: '이름 변경' });
    expect(await acme.delete(members, eq(members.id, created?.id ?? 0))).toBe(0);
    expect(await demo.delete(members, eq(members.id, created?.id ?? 0))).toBe(1);
  });
});
