import { eq, sql } from 'drizzle-orm';
import type { AdminCompany, DataDestroyJob } from '../../../src/api/contracts/admin-company.contract';
import { ADMIN_COMPANY_PATHS } from '../../../src/api/contracts/admin-company.contract';
import { statementRows } from '../../src/db/statement-rows';
import { companies, companyDataDestroyJobs, members } from '../../src/db/schema';
import { createSecretBox, secretsKeyOf } from '../../src/lib/secret-box';
import { dataDestroyRunnerOf, recordingPasswordContext } from '../../src/routes/admin-companies/admin-companies.routes';
import { companyDataTables, KEPT_TABLES } from '../../src/routes/admin-companies/company-data-destroy';
import { buildTestApp, login, post, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';

/**
 * The platform administrator's companies (issue 20 item 1; docs/admin-companies.md): admin only, every
 * field checked per field, a company with its first manager who signs in at once, the recording password
 * sealed at rest and never answered, the soft delete that ends sessions, and the background data destroy
 * that empties every company-owned table of one company and nothing of another.
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

const path = (p: string) => `/${p}`;
const SECRET = 'rec-Secret-7f3a!';

const companyBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Company ${Math.random().toString(36).slice(2, 8)}`,
  dcontext: 'from-internal',
  webfax_content: 'Fax cover',
  keywords: 'alpha, beta',
  cti_server: '/cti',
  allow_simple_crm: true,
  is_free: false,
  use_big: true,
  can_provide_agent_api: true,
  asterisk_name: 'ast-1',
  worktime_check_url: 'https://worktime.example.kr/check',
  worktime_update_status_url: 'https://worktime.example.kr/update',
  recording_login_url: 'https://rec.example.kr/login',
  recording_username: 'recuser',
  recording_password: SECRET,
  daily_report_email: 'boss@example.kr',
  daily_report_cc: 'a@example.kr; b@example.kr',
  permissions: ['company_can_use_dashboard', 'company_can_use_queue_board'],
  manager: { name: 'First Manager', username: `fm${Math.random().toString(36).slice(2, 8)}`, password: 'first-manager-pw' },
  ...overrides,
});

async function storeCompany(overrides: Record<string, unknown> = {}) {
  const body = companyBody(overrides);
  const response = await call('admin', path(ADMIN_COMPANY_PATHS.store), body);
  expect(response.statusCode, response.body).toBe(200);
  return { body, company: dataOf<AdminCompany>(response) };
}

const fieldErrors = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(422);
  return (response.json() as { errors: Record<string, string[]> }).errors;
};

describe('access', () => {
  const adminPaths = [
    ADMIN_COMPANY_PATHS.list,
    ADMIN_COMPANY_PATHS.store,
    ADMIN_COMPANY_PATHS.view,
    ADMIN_COMPANY_PATHS.update,
    ADMIN_COMPANY_PATHS.destroy,
    ADMIN_COMPANY_PATHS.dataDestroy,
    ADMIN_COMPANY_PATHS.dataDestroyStatus,
  ];

  it('checks every management/company path of the API document here', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    const documented = Object.keys(document.paths)
      .filter((p) => p.startsWith('/api/v1/management/company'))
      .map((p) => p.slice('/api/v1/'.length))
      .sort();
    expect(documented).toEqual([...adminPaths, ADMIN_COMPANY_PATHS.recordingCredential].sort());
  });

  it('answers 401 without a token and 403 to managers and agents of any company, before reading the body', async () => {
    for (const p of adminPaths) {
      expect((await post(t.app, path(p), { id: 1 })).statusCode).toBe(401);
      for (const who of ['manager', 'agent1', 'acme-manager', 'acme-agent'] as const) {
        const response = await call(who, path(p), { id: 1 });
        expect(response.statusCode, `${who} ${p}`).toBe(403);
      }
    }
    // Nothing was destroyed by those attempts.
    expect((await t.db.select().from(companies).where(eq(companies.id, 1)))[0]?.deletedAt).toBeNull();
  });

  it('lists the companies for the admin in the page shape, with search, sort and pages', async () => {
    const page = (await call('admin', path(ADMIN_COMPANY_PATHS.list), {})).json<{ data: AdminCompany[]; total: number; current_page: number; per_page: number; last_page: number }>();
    expect(page).toMatchObject({ current_page: 1, per_page: 10, last_page: 1 });
    expect(page.data.map((c) => c.name)).toEqual(expect.arrayContaining(['Demo Call Centre', 'Acme Support']));
    expect(page.data.find((c) => c.name === 'Demo Call Centre')!.users_count).toBeGreaterThan(1);

    const searched = (await call('admin', path(ADMIN_COMPANY_PATHS.list), { search: 'acme' })).json<{ data: AdminCompany[] }>();
    expect(searched.data.map((c) => c.name)).toEqual(['Acme Support']);

    const desc = (await call('admin', path(ADMIN_COMPANY_PATHS.list), { sort_by: 'name', sort_order: 'desc' })).json<{ data: AdminCompany[] }>();
    const names = desc.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));

    expect((await call('admin', path(ADMIN_COMPANY_PATHS.list), { per_page: 7 })).statusCode).toBe(422);
    expect(fieldErrors(await call('admin', path(ADMIN_COMPANY_PATHS.list), { sort_by: 'password' })).sort_by).toBeDefined();
  });
});

describe('store', () => {
  it('refuses each bad field under its name', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'Demo call centre' }, 'name'],
      [{ worktime_check_url: 'ftp://x' }, 'worktime_check_url'],
      [{ worktime_update_status_url: 'not a url' }, 'worktime_update_status_url'],
      [{ recording_login_url: 'javascript:alert(1)' }, 'recording_login_url'],
      [{ cti_server: 'cti' }, 'cti_server'],
      [{ daily_report_email: 'nobody' }, 'daily_report_email'],
      [{ daily_report_cc: 'a@b.kr, broken' }, 'daily_report_cc'],
      [{ permissions: ['company_can_fly'] }, 'permissions.0'],
      [{ is_free: 'yes' }, 'is_free'],
      [{ manager: undefined }, 'manager.username'],
      [{ manager: { name: 'M', username: 'agent1', password: 'long-enough-pw' } }, 'manager.username'],
      [{ manager: { name: 'M', username: 'AGENT1', password: 'long-enough-pw' } }, 'manager.username'],
      [{ manager: { name: 'M', username: 'ok-name', password: 'short' } }, 'manager.password'],
      [{ manager: { name: '', username: 'ok-name2', password: 'long-enough-pw' } }, 'manager.name'],
      [{ manager: { name: 'M', username: 'bad name!', password: 'long-enough-pw' } }, 'manager.username'],
    ];
    for (const [overrides, field] of cases) {
      const errors = fieldErrors(await call('admin', path(ADMIN_COMPANY_PATHS.store), companyBody(overrides)));
      expect(Object.keys(errors), JSON.stringify(overrides)).toContain(field);
    }
    // A refused store leaves nothing behind: no company, no manager.
    const listed = (await call('admin', path(ADMIN_COMPANY_PATHS.list), { per_page: 100 })).json<{ total: number }>();
    expect(listed.total).toBe(2);
  });

  it('creates the company and its first manager, who signs in at once and belongs to it', async () => {
    const { body, company } = await storeCompany();
    expect(company).toMatchObject({
      name: body.name,
      cti_server: '/cti',
      use_big: true,
      is_free: false,
      daily_report_cc: 'a@example.kr, b@example.kr',
      permissions: ['company_can_use_dashboard', 'company_can_use_queue_board'],
      has_recording_password: true,
      users_count: 1,
    });
    const session = await login(t.app, body.manager.username, body.manager.password);
    expect(session.user.role).toBe('manager');
    expect(session.user.company).toMatchObject({ id: company.id });
    expect(session.user.companyPermissions).toEqual(expect.arrayContaining(['company_can_use_dashboard', 'company_can_use_queue_board']));
    // The new manager works in their company at once, and sees nothing of the others.
    const memberList = await post(t.app, '/member/list', {}, { token: session.access_token });
    expect(memberList.statusCode).toBe(200);
    expect(memberList.json<{ total: number }>().total).toBe(0);
    // ...with a department to start with, so an agent can be added at once (users/store needs one).
    const departments = (await post(t.app, '/consultation-department/list', {}, { token: session.access_token })).json<{ data: { id: number; name: string }[] }>().data;
    expect(departments.map((d) => d.name)).toEqual(['General']);
    const agent = await post(t.app, '/users/store', { name: 'First agent', username: `${body.manager.username}-agent`, password: 'agent-pass-1', department_id: departments[0]!.id, extension_id: '3901', role: 'agent' }, { token: session.access_token });
    expect(agent.statusCode, agent.body).toBe(200);
    // ...and is not an administrator.
    expect((await post(t.app, path(ADMIN_COMPANY_PATHS.list), {}, { token: session.access_token })).statusCode).toBe(403);
  });
});

describe('the recording password', () => {
  it('is sealed at rest, never answered, kept by a blank update and removed on request', async () => {
    const { body, company } = await storeCompany();
    const answers: string[] = [];
    const [raw] = await t.db.select({ sealed: companies.recordingPasswordSealed }).from(companies).where(eq(companies.id, company.id));
    expect(raw?.sealed).toMatch(/^v1\./);
    expect(raw?.sealed).not.toContain(SECRET);
    const box = createSecretBox(secretsKeyOf(t.config));
    expect(box.open(raw!.sealed!, recordingPasswordContext(company.id))).toBe(SECRET);
    // Bound to its row: the same text does not open as another company's.
    expect(() => box.open(raw!.sealed!, recordingPasswordContext(company.id + 1))).toThrow();

    answers.push((await call('admin', path(ADMIN_COMPANY_PATHS.view), { id: company.id })).body);
    answers.push((await call('admin', path(ADMIN_COMPANY_PATHS.list), { per_page: 100 })).body);
    const kept = await call('admin', path(ADMIN_COMPANY_PATHS.update), { ...companyBody({ name: body.name, recording_password: '' }), id: company.id });
    expect(kept.statusCode, kept.body).toBe(200);
    answers.push(kept.body);
    expect(dataOf<AdminCompany>(kept).has_recording_password).toBe(true);
    const [still] = await t.db.select({ sealed: companies.recordingPasswordSealed }).from(companies).where(eq(companies.id, company.id));
    expect(box.open(still!.sealed!, recordingPasswordContext(company.id))).toBe(SECRET);

    const session = await login(t.app, body.manager.username, body.manager.password);
    const credential = await post(t.app, path(ADMIN_COMPANY_PATHS.recordingCredential), undefined, { token: session.access_token });
    expect(credential.statusCode, credential.body).toBe(200);
    expect(dataOf(credential)).toEqual({ recording_login_url: 'https://rec.example.kr/login', recording_username: 'recuser', has_recording_password: true });
    answers.push(credential.body);
    for (const answer of answers) expect(answer).not.toContain(SECRET);
    expect((await call('agent1', path(ADMIN_COMPANY_PATHS.recordingCredential))).statusCode).toBe(403);
    expect((await call('admin', path(ADMIN_COMPANY_PATHS.recordingCredential))).statusCode).toBe(403);

    const cleared = await call('admin', path(ADMIN_COMPANY_PATHS.update), { ...companyBody({ name: body.name, recording_password: '' }), clear_recording_password: true, id: company.id });
    expect(dataOf<AdminCompany>(cleared).has_recording_password).toBe(false);
    const [gone] = await t.db.select({ sealed: companies.recordingPasswordSealed }).from(companies).where(eq(companies.id, company.id));
    expect(gone?.sealed).toBeNull();
  });
});

describe('update and destroy', () => {
  it('updates every field, refuses a taken name and a missing company', async () => {
    const { body, company } = await storeCompany();
    const changed = await call('admin', path(ADMIN_COMPANY_PATHS.update), {
      ...companyBody({ name: `${body.name} renamed`, cti_server: 'https://cti.example.kr', permissions: [], is_free: true, daily_report_cc: '' }),
      id: company.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(dataOf<AdminCompany>(changed)).toMatchObject({ name: `${body.name} renamed`, cti_server: 'https://cti.example.kr', permissions: [], is_free: true, daily_report_cc: null });
    // The manager field of an update is ignored: no second manager.
    expect(dataOf<AdminCompany>(changed).users_count).toBe(1);
    expect(Object.keys(fieldErrors(await call('admin', path(ADMIN_COMPANY_PATHS.update), { ...companyBody({ name: 'acme support' }), id: company.id })))).toEqual(['name']);
    expect((await call('admin', path(ADMIN_COMPANY_PATHS.update), { ...companyBody(), id: 999_999 })).statusCode).toBe(404);
    expect((await call('admin', path(ADMIN_COMPANY_PATHS.view), { id: 999_999 })).statusCode).toBe(404);
  });

  it("deletes the company: its users' sessions stop at once and they cannot sign in", async () => {
    const { body, company } = await storeCompany();
    const session = await login(t.app, body.manager.username, body.manager.password);
    expect((await post(t.app, '/users/check-user', {}, { token: session.access_token })).statusCode).toBe(200);
    const destroyed = await call('admin', path(ADMIN_COMPANY_PATHS.destroy), { id: company.id });
    expect(destroyed.statusCode, destroyed.body).toBe(200);
    expect((await post(t.app, '/users/check-user', {}, { token: session.access_token })).statusCode).toBe(401);
    expect((await post(t.app, '/login', { username: body.manager.username, password: body.manager.password })).statusCode).toBe(401);
    expect((await call('admin', path(ADMIN_COMPANY_PATHS.view), { id: company.id })).statusCode).toBe(404);
    const listed = (await call('admin', path(ADMIN_COMPANY_PATHS.list), { per_page: 100 })).json<{ data: AdminCompany[] }>();
    expect(listed.data.map((c) => c.id)).not.toContain(company.id);
    // A deleted company's name may be given again.
    await storeCompany({ name: body.name });
    // The delete is in the audit log, by the admin.
    const audit = (await call('admin', '/management/audit-log/list', { company_id: company.id })).json<{ data: { action: string; actor_name: string }[] }>().data;
    expect(audit).toEqual([expect.objectContaining({ action: 'company_destroy', actor_name: expect.any(String) })]);
  });
});

/** Rows of the company in every table with a company_id column. */
async function rowsPerTable(companyId: number): Promise<Record<string, number>> {
  const tables = statementRows<{ table_name: string }>(
    await t.db.execute(sql`select table_name from information_schema.columns where column_name = 'company_id' and table_schema = current_schema()`),
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = statementRows<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ${sql.raw(`"${table_name}"`)} where company_id = ${companyId}`));
    counts[table_name] = row?.n ?? 0;
  }
  return counts;
}

describe('data destroy', () => {
  it('reads every table with a company_id from the database, leaving out only the kept ones', async () => {
    const tables = await companyDataTables(t.db);
    const all = Object.keys(await rowsPerTable(1));
    for (const table of all) expect(tables.includes(table) || table in KEPT_TABLES, table).toBe(true);
    for (const kept of Object.keys(KEPT_TABLES)) expect(tables).not.toContain(kept);
    expect(tables).toEqual(expect.arrayContaining(['members', 'calls', 'consultations', 'queue_log', 'auto_call_campaigns', 'blacklist_entries']));
    // Children before the tables they reference.
    expect(tables.indexOf('auto_call_numbers')).toBeLessThan(tables.indexOf('auto_call_campaigns'));
    expect(tables.indexOf('consultation_small_categories')).toBeLessThan(tables.indexOf('consultation_big_categories'));
  });

  it('finds an index for every foreign key into those tables, so no deleted row scans a whole table', async () => {
    // Deleting a row runs its foreign keys' actions (`… where member_id = $1`) once per row: without an
    // index led by that column, each is a scan of the referencing table, over every company's rows.
    const tables = await companyDataTables(t.db);
    const keys = statementRows<{ child: string; parent: string; column: string }>(
      await t.db.execute(sql`
        select ch.relname as child, pa.relname as parent, a.attname as "column"
        from pg_constraint k
        join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
        join pg_namespace n on n.oid = ch.relnamespace
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
        where k.contype = 'f' and n.nspname = current_schema() and array_length(k.conkey, 1) = 1
          and not exists (select 1 from pg_index i where i.indrelid = k.conrelid and i.indkey[0] = k.conkey[1])`),
    );
    // Settings a company holds a few dozen of: a scan per deleted row costs nothing.
    const small = new Set(['sound_files', 'message_categories']);
    const unindexed = keys.filter((key) => tables.includes(key.parent) && !small.has(key.parent)).map((key) => `${key.child}.${key.column} → ${key.parent}`);
    expect(unindexed).toEqual([]);
  });

  it("removes every record of the company in the background, with progress, and nothing of another company's", async () => {
    const acme = 2;
    // Enough members for several batches.
    await t.db.insert(members).values(Array.from({ length: 12_345 }, (_, i) => ({ companyId: acme, name: `bulk ${i}`, phoneNumber: `0109${String(i).padStart(7, '0')}` })));
    const demoBefore = await rowsPerTable(1);
    const acmeBefore = await rowsPerTable(acme);
    expect(acmeBefore.members).toBeGreaterThan(12_345);

    const started = await call('admin', path(ADMIN_COMPANY_PATHS.dataDestroy), { id: acme });
    expect(started.statusCode, started.body).toBe(202);
    const job = dataOf<DataDestroyJob>(started);
    expect(job).toMatchObject({ company_id: acme, state: 'running', deleted: 0 });
    // One at a time.
    expect((await call('admin', path(ADMIN_COMPANY_PATHS.dataDestroy), { id: acme })).statusCode).toBe(409);
    expect((await call('admin', path(ADMIN_COMPANY_PATHS.destroy), { id: acme })).statusCode).toBe(409);
    // Other companies are served meanwhile.
    expect((await call('manager', '/member/list', {})).statusCode).toBe(200);

    await dataDestroyRunnerOf(t.db)!.settled();
    const status = dataOf<DataDestroyJob>(await call('admin', path(ADMIN_COMPANY_PATHS.dataDestroyStatus), { id: acme }));
    const expectedTotal = Object.entries(acmeBefore)
      .filter(([table]) => !(table in KEPT_TABLES))
      .reduce((sum, [, n]) => sum + n, 0);
    expect(status).toMatchObject({ id: job.id, state: 'done', total: expectedTotal, deleted: expectedTotal, current_table: null });
    expect(status.finished_at).not.toBeNull();

    const acmeAfter = await rowsPerTable(acme);
    for (const [table, n] of Object.entries(acmeAfter)) {
      if (table in KEPT_TABLES) expect(n, table).toBe(acmeBefore[table]);
      else expect(n, `${table} still holds the company's rows: delete them or keep the table in KEPT_TABLES with a reason`).toBe(0);
    }
    expect(await rowsPerTable(1)).toEqual(demoBefore);
    // The company and its people stay: its manager signs in to the emptied company.
    const session = await login(t.app, 'acme-manager', 'acme1234');
    expect((await post(t.app, '/member/list', {}, { token: session.access_token })).json<{ total: number }>().total).toBe(0);
    expect((await call('admin', path(ADMIN_COMPANY_PATHS.view), { id: acme })).statusCode).toBe(200);
    // The destroy is in the audit log with its job.
    const audit = (await call('admin', '/management/audit-log/list', { company_id: acme, action: 'company_data_destroy' })).json<{ data: { action: string; detail: unknown }[] }>().data;
    expect(audit).toEqual([expect.objectContaining({ action: 'company_data_destroy' })]);
  });

  it('starts again after a job that died with its process, and refuses a second running job at the database', async () => {
    const { company } = await storeCompany();
    // A job whose process died: still "running", its heartbeat long past.
    const stale = new Date(Date.now() - 10 * 60_000);
    const [dead] = await t.db.insert(companyDataDestroyJobs).values({ targetCompanyId: company.id, heartbeatAt: stale, startedAt: stale }).returning();
    const status = dataOf<DataDestroyJob>(await call('admin', path(ADMIN_COMPANY_PATHS.dataDestroyStatus), { id: company.id }));
    expect(status).toMatchObject({ id: dead!.id, state: 'failed', error: 'interrupted' });
    const again = await call('admin', path(ADMIN_COMPANY_PATHS.dataDestroy), { id: company.id });
    expect(again.statusCode, again.body).toBe(202);
    await dataDestroyRunnerOf(t.db)!.settled();
    const [old] = await t.db.select().from(companyDataDestroyJobs).where(eq(companyDataDestroyJobs.id, dead!.id));
    expect(old).toMatchObject({ state: 'failed', error: 'interrupted' });
    // Two running jobs for one company cannot both be recorded, whichever process tries.
    await t.db.insert(companyDataDestroyJobs).values({ targetCompanyId: company.id });
    await expect(t.db.insert(companyDataDestroyJobs).values({ targetCompanyId: company.id })).rejects.toThrow();
  });

  it('answers null progress for a company never destroyed, 404 for no company', async () => {
    expect(dataOf(await call('admin', path(ADMIN_COMPANY_PATHS.dataDestroyStatus), { id: 1 }))).toBeNull();
    expect((await call('admin', path(ADMIN_COMPANY_PATHS.dataDestroy), { id: 999_999 })).statusCode).toBe(404);
  });
});
