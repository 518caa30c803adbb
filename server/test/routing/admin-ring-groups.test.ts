import { buildTestApp, post, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller, type DemoUser } from '../resources/resource-test-helpers';

/**
 * `/admin/ring-group` (issue 17 item 5): the platform administrator reads every company's ring groups
 * with their company (server/src/routes/admin/admin-ring-groups.routes.ts); read-only, admin only.
 */

let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Row = { id: number; number: string; display_name: string; company_id: number; company_name: string; strategy: string; ring_time_s: number | null; members: string[] };
type Page = { data: Row[]; current_page: number; per_page: number; total: number; last_page: number };

const created: { who: DemoUser; id: number }[] = [];
async function store(who: DemoUser, number: string, display_name: string, members: string[]): Promise<number> {
  const response = await call(who, '/ring-group/store', { number, display_name, strategy: 'ringall', ring_time_s: 20, members });
  expect(response.statusCode, response.body).toBe(200);
  const { id } = dataOf<{ id: number }>(response);
  created.push({ who, id });
  return id;
}
afterEach(async () => {
  for (const { who, id } of created.splice(0).reverse()) await call(who, `/ring-group/delete/${id}`);
});

async function list(body: Record<string, unknown> = {}): Promise<Page> {
  const response = await call('admin', '/admin/ring-group/list', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

describe('admin ring groups', () => {
  it("lists every company's ring groups with the company; filters by company, searches, sorts and pages", async () => {
    await store('manager', '610', 'Demo sales', ['1001']);
    await store('manager', '611', 'Demo support', ['1001', '1002']);
    await store('acme-manager', '610', 'Acme sales', ['2001']);

    const companies = (await call('admin', '/admin/ring-group/companies')).json<{ data: { id: number; name: string }[] }>().data;
    const demo = companies.find((c) => c.name === 'Demo Call Centre')!;
    const acme = companies.find((c) => c.name === 'Acme Support')!;
    expect(demo && acme).toBeTruthy();

    // Default: by company name, then number.
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.data.map((r) => [r.company_name, r.number, r.display_name])).toEqual([
      ['Acme Support', '610', 'Acme sales'],
      ['Demo Call Centre', '610', 'Demo sales'],
      ['Demo Call Centre', '611', 'Demo support'],
    ]);
    expect(all.data[2]).toMatchObject({ company_id: demo.id, strategy: 'ringall', ring_time_s: 20, members: ['1001', '1002'], no_answer_destination: null });
    expect(all.data[0]!.company_id).toBe(acme.id);

    const onlyAcme = await list({ company_id: acme.id });
    expect(onlyAcme.data.map((r) => r.display_name)).toEqual(['Acme sales']);
    // Filters arrive as text from forms too.
    expect((await list({ company_id: String(demo.id) })).total).toBe(2);

    expect((await list({ search: 'sales' })).data.map((r) => r.display_name)).toEqual(['Acme sales', 'Demo sales']);
    expect((await list({ search: '611' })).data.map((r) => r.display_name)).toEqual(['Demo support']);
    expect((await list({ search: 'nothing like it' })).total).toBe(0);

    const byName = await list({ sort_by: 'display_name', sort_order: 'desc' });
    expect(byName.data.map((r) => r.display_name)).toEqual(['Demo support', 'Demo sales', 'Acme sales']);
    const byCompany = await list({ sort_by: 'company_name', sort_order: 'desc' });
    expect(byCompany.data[2]!.company_name).toBe('Acme Support');
    expect((await list({ sort_by: 'number' })).data[2]!.number).toBe('611');
    expect((await list({ sort_by: 'created_at', sort_order: 'desc' })).data[0]!.display_name).toBe('Acme sales');

    const first = await list({ per_page: 10, page: 1, sort_by: 'number' });
    expect(first).toMatchObject({ current_page: 1, per_page: 10, total: 3, last_page: 1 });
    const beyond = await list({ page: 2 });
    expect(beyond).toMatchObject({ current_page: 2, total: 3, last_page: 1, data: [] });
  });

  it('is for the admin only: 403 for managers and agents, 401 without a token', async () => {
    for (const who of ['manager', 'acme-manager', 'agent1'] as const) {
      expect((await call(who, '/admin/ring-group/list')).statusCode).toBe(403);
      expect((await call(who, '/admin/ring-group/companies')).statusCode).toBe(403);
    }
    expect((await post(t.app, '/admin/ring-group/list', {})).statusCode).toBe(401);
    expect((await post(t.app, '/admin/ring-group/companies', {})).statusCode).toBe(401);
  });

  it('answers bad input with 422 and a message', async () => {
    const sort = await call('admin', '/admin/ring-group/list', { sort_by: 'members' });
    expect(sort.statusCode).toBe(422);
    expect(sort.json().errors.sort_by).toHaveLength(1);
    const company = await call('admin', '/admin/ring-group/list', { company_id: 'acme' });
    expect(company.statusCode).toBe(422);
    expect(company.json().errors.company_id).toHaveLength(1);
    const perPage = await call('admin', '/admin/ring-group/list', { per_page: 7 });
    expect(perPage.statusCode).toBe(422);
    expect(Object.keys(perPage.json().errors)).toEqual(['per_page']);
  });
});
