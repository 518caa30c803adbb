import { allows } from '../../../src/api/resources/resource-access';
import { offers, PAGE_SIZES, resourcePaths } from '../../../src/api/resources/resource-contract';
import { ENTITIES } from '../../../src/api/entities/entity-catalogue';
import { exportPurpose } from '../../../src/api/contracts/download.contract';
import { ENTITY_RESOURCES } from '../../src/resources/entity-catalogue';
import { entitySample } from './entity-samples';
import { memberCustomFieldResource, memberGroupResource, memberLevelResource } from '../../src/routes/member-settings/member-settings.resources';
import { memberResource } from '../../src/routes/members/member.resource';
import {
  consultationBigCategoryResource,
  consultationCustomFieldResource,
  consultationDepartmentResource,
  consultationInquiryResource,
} from '../../src/routes/consultation-settings/consultation-settings.resources';
import { consultationResource } from '../../src/routes/consultations/consultation.resource';
import type { AnyServerResource } from '../../src/resources/resource-definition';
import { callerIds, users } from '../../src/db/schema';
import { buildTestApp, post, type TestApp } from '../helpers/build-test-app';
import { dataOf, DEMO_USERS, signedInCaller, type Caller, type DemoUser } from './resource-test-helpers';

/**
 * The one contract test that walks every resource (guides/architecture.md): what the mechanism derives
 * from a definition holds for each of them. Entities of the catalogue are walked with samples made from
 * their fields; a hand-written resource adds one line to RESOURCES with a valid input.
 */
let sequence = 0;
/**
 * Extensions the walk may use for `extension` fields: the caller's own for an agent, else extensions of
 * users the walk adds to both demo companies (a forwarding's extension must be a user's of the company).
 */
const WALK_EXTENSIONS = Array.from({ length: 40 }, (_, i) => String(7000 + i));
/** A caller id of both demo companies, for fields that must name one (an auto-call campaign's). */
const WALK_CALLER_ID = '0215990000';
function sampleExtensionsFor(username: DemoUser): readonly string[] | undefined {
  const caller = call.userInfoOf(username);
  if (caller.role === 'agent') return caller.extension ? [caller.extension] : undefined;
  return WALK_EXTENSIONS;
}

/** Read-only entities get their records from what writes them. */
const PRODUCERS: Record<string, (username: DemoUser) => Promise<{ id: number }>> = {
  // Each forwarding set through the CTI API (the caller's own extension) writes one history row.
  'transfer-history': async (username) => {
    const number = `0107${String(++sequence).padStart(7, '0')}`;
    const set = await t.app.inject({ method: 'GET', url: `/cti/cti_api/index.php/transfer?number=${number}`, headers: { authorization: `Bearer ${call.tokenOf(username)}` } });
    expect(set.statusCode, set.body).toBe(200);
    const listed = await call(username, '/transfer/history/list', { sort_by: 'id', sort_order: 'desc', per_page: 10 });
    expect(listed.statusCode, listed.body).toBe(200);
    return (listed.json().data as { id: number }[])[0]!;
  },
};

/**
 * Fields a sample must hold for a record to be valid where the kinds alone cannot tell: a `public`
 * auto-call campaign needs a sound file, which samples leave empty (records of the company are not made).
 */
const SAMPLE_FIXED: Record<string, Record<string, unknown>> = {
  'auto-call': { variant: 'studymax' },
};

/** `sample(username)`: a valid input when `username` sends it (user fields name someone of their company). */
const RESOURCES: {
  definition: AnyServerResource;
  sample: (username?: DemoUser) => Record<string, unknown>;
  /** For a resource without store: makes one record as `username` by other means, answering it. */
  produce?: (username: DemoUser) => Promise<{ id: number }>;
}[] = [
  { definition: memberResource, sample: () => ({ name: `Walker ${++sequence}`, phone_number: `010-7000-${String(sequence).padStart(4, '0')}` }) },
  { definition: memberGroupResource, sample: () => ({ name: `group ${++sequence}` }) },
  { definition: memberLevelResource, sample: () => ({ name: `level ${++sequence}` }) },
  { definition: memberCustomFieldResource, sample: () => ({ name: `field ${++sequence}`, field_type: 'text' }) },
  { definition: consultationInquiryResource, sample: () => ({ name: `inquiry ${++sequence}` }) },
  { definition: consultationDepartmentResource, sample: () => ({ name: `department ${++sequence}` }) },
  { definition: consultationBigCategoryResource, sample: () => ({ name: `big ${++sequence}` }) },
  { definition: consultationCustomFieldResource, sample: () => ({ name: `consultation field ${++sequence}`, field_type: 'text' }) },
  // Both demo companies have the big category 배송 (server/src/db/demo-data.ts). Small categories need a
  // big category id of the caller's company, so server/test/consultations walks them instead.
  { definition: consultationResource, sample: () => ({ title: `Walk ${++sequence}`, phone_number: '010-7100-0001', direction: 'inbound', big_category: '배송' }) },
  ...ENTITY_RESOURCES.map((definition) => {
    const entity = ENTITIES.find((e) => e.contract === definition.contract)!;
    const produce = PRODUCERS[entity.name];
    return {
      definition,
      sample: (username: DemoUser = 'manager') => ({
        ...entitySample(entity, { user: sampleUserFor(username), extensions: sampleExtensionsFor(username), numbers: { 'caller-id': [WALK_CALLER_ID] } }),
        ...SAMPLE_FIXED[entity.name],
      }),
      ...(produce ? { produce } : {}),
    };
  }),
];


/** A live agent of the caller's company for `user` fields: the caller when an agent, else a demo agent. */
function sampleUserFor(username: DemoUser): number | undefined {
  const caller = call.userInfoOf(username);
  if (caller.role === 'agent') return caller.user.id;
  if (caller.role === 'manager') return call.userInfoOf(username.startsWith('acme') ? 'acme-agent' : 'agent1').user.id;
  return undefined;
}

/**
 * The body of a write: JSON, or multipart when the input holds a file (file fields, docs/resources.md
 * "File fields"), with the other fields as text parts. Blank values are left out, as a form sends them.
 */
function bodyOf(input: Record<string, unknown>): Record<string, unknown> {
  if (!Object.values(input).some((value) => value instanceof File)) return input;
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) {
    if (value instanceof File) form.append(name, value, value.name);
    else if (value !== null && value !== undefined) form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form as unknown as Record<string, unknown>;
}

let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  const companyIds = [...new Set(['manager', 'acme-manager'].map((username) => call.userInfoOf(username as DemoUser).company?.id))];
  const passwordHash = (await t.db.select({ hash: users.passwordHash }).from(users).limit(1))[0]!.hash;
  await t.db.insert(users).values(
    companyIds.flatMap((companyId) =>
      WALK_EXTENSIONS.map((extension) => ({ companyId: companyId!, role: 'agent' as const, name: `Walk ${extension}`, username: `walk-${companyId}-${extension}`, passwordHash, extension })),
    ),
  );
  await t.db.insert(callerIds).values(companyIds.map((companyId) => ({ companyId: companyId!, number: WALK_CALLER_ID, name: 'Walk' })));
});
afterAll(async () => {
  await t?.close();
});

describe.each(RESOURCES.map((r) => [r.definition.contract.entity, r] as const))('resource %s', (_entity, { definition, sample, produce }) => {
  const { contract } = definition;
  const paths = resourcePaths(contract);
  const store = async (username: DemoUser = 'manager') => {
    if (produce) return produce(username);
    const response = await call(username, `/${paths.store}`, bodyOf(sample(username)));
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<{ id: number }>(response);
  };

  it('answers 401 without a token, on every route', async () => {
    const routes = [paths.list, paths.view, ...(['store', 'update'] as const).filter((op) => offers(contract, op === 'store' ? 'create' : 'update')).map((op) => paths[op])];
    if (offers(contract, 'delete')) routes.push(paths.delete(1));
    if (contract.routes?.all) routes.push(paths.all);
    if (contract.routes?.byId) routes.push(paths.byId(1));
    for (const path of routes) expect((await post(t.app, `/${path}`, {})).statusCode, path).toBe(401);
  });

  it('lists in the pagination shape, 10 per page by default, pages without overlap', async () => {
    for (let i = 0; i < 11; i++) await store();
    const first = (await call('manager', `/${paths.list}`)).json();
    expect(first).toMatchObject({ current_page: 1, per_page: 10 });
    expect(first.data).toHaveLength(10);
    expect(first.last_page).toBe(Math.ceil(first.total / 10));
    const second = (await call('manager', `/${paths.list}`, { page: 2 })).json();
    expect(second.current_page).toBe(2);
    const ids = [...first.data, ...second.data].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(PAGE_SIZES)('accepts per_page %i (numbers or numeric text)', async (size) => {
    const response = await call('manager', `/${paths.list}`, { per_page: String(size) });
    expect(response.statusCode).toBe(200);
    expect(response.json().per_page).toBe(size);
    expect(response.json().data.length).toBeLessThanOrEqual(size);
  });

  it.each([[{ per_page: 15 }, 'per_page'], [{ per_page: 0 }, 'per_page'], [{ page: 0 }, 'page'], [{ page: 1.5 }, 'page'], [{ sort_by: 'password' }, 'sort_by'], [{ sort_order: 'up' }, 'sort_order']])(
    'answers 422 for %o under %s',
    async (body, field) => {
      const response = await call('manager', `/${paths.list}`, body);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    },
  );

  it('answers 422 for a search over 100 characters (after trimming), saying so; 100 are taken', async () => {
    const refused = await call('manager', `/${paths.list}`, { search: 'x'.repeat(101) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ search: ['A search can be at most 100 characters long.'] });
    expect((await call('manager', `/${paths.list}`, { search: ` ${'x'.repeat(100)} ` })).statusCode).toBe(200);
  });

  it('sorts by every sort field in both directions', async () => {
    for (const sort_by of contract.sortFields) {
      for (const sort_order of ['asc', 'desc']) {
        const response = await call('manager', `/${paths.list}`, { sort_by, sort_order, per_page: 100 });
        expect(response.statusCode, `${sort_by} ${sort_order}`).toBe(200);
      }
    }
  });

  it('creates, views, updates and deletes what it offers; a deleted record is gone (404)', async () => {
    const answered = await store();
    // What store alone answers (a secret, `createdRecord`) is in no view or list.
    const created = Object.fromEntries(Object.entries(answered).filter(([key]) => key in contract.record.shape)) as typeof answered;
    expect(dataOf(await call('manager', `/${paths.view}`, { id: created.id }))).toEqual(created);
    if (contract.routes?.byId) expect(dataOf(await call('manager', `/${paths.byId(created.id)}`))).toEqual(created);
    const listed = (await call('manager', `/${paths.list}`, { per_page: 100, sort_by: 'id', sort_order: 'desc' })).json().data;
    expect(listed.find((r: { id: number }) => r.id === created.id)).toEqual(created);
    if (offers(contract, 'update')) {
      const updated = await call('manager', `/${paths.update}`, bodyOf({ id: created.id, ...sample() }));
      expect(updated.statusCode, updated.body).toBe(200);
      expect(dataOf<{ id: number }>(updated).id).toBe(created.id);
    }
    if (!offers(contract, 'delete')) return;
    expect((await call('manager', `/${paths.delete(created.id)}`)).json()).toEqual({ result: 'success' });
    expect((await call('manager', `/${paths.view}`, { id: created.id })).statusCode).toBe(404);
    expect((await call('manager', `/${paths.delete(created.id)}`)).statusCode).toBe(404);
  });

  it("answers 404 for another company's record on view, update, delete and by id, and never lists it", async () => {
    const demo = await store('manager');
    for (const username of ['acme-manager', 'acme-agent'] as const) {
      expect((await call(username, `/${paths.view}`, { id: demo.id })).statusCode).toBe(allows(call.userInfoOf(username), contract.access.read) ? 404 : 403);
      if (offers(contract, 'update')) expect([403, 404]).toContain((await call(username, `/${paths.update}`, bodyOf({ id: demo.id, ...sample() }))).statusCode);
      if (offers(contract, 'delete')) expect([403, 404]).toContain((await call(username, `/${paths.delete(demo.id)}`)).statusCode);
      if (contract.routes?.byId) expect((await call(username, `/${paths.byId(demo.id)}`)).statusCode).toBe(404);
      const listed = (await call(username, `/${paths.list}`, { per_page: 100 })).json().data ?? [];
      expect(listed.map((r: { id: number }) => r.id)).not.toContain(demo.id);
    }
    expect((await call('manager', `/${paths.view}`, { id: demo.id })).statusCode).toBe(200);
  });

  it('applies the contract’s access rules to every operation (403 otherwise; the admin has no company)', async () => {
    for (const username of DEMO_USERS) {
      const subject = call.userInfoOf(username);
      // An agent who sees only their own records (the definition's visibility) works on one they made.
      const ownOnly = definition.visibility !== undefined && subject.role === 'agent' && subject.company !== null && allows(subject, contract.access.create);
      const owner: DemoUser = ownOnly ? username : username.startsWith('acme') ? 'acme-manager' : 'manager';
      // A company without the entity's company permission has no record of its own (its users get 403s).
      const mine = allows(call.userInfoOf(owner), contract.access.create) ? await store(owner) : null;
      const id = mine?.id ?? 1;
      const expectations: [string, Record<string, unknown>, 'read' | 'create' | 'update' | 'delete'][] = [
        [paths.list, {}, 'read'],
        [paths.view, { id }, 'read'],
        [paths.store, bodyOf(sample(username)), 'create'],
        [paths.update, bodyOf({ id, ...sample(username) }), 'update'],
        [paths.delete(id), {}, 'delete'],
      ];
      for (const [path, body, operation] of expectations) {
        if (!offers(contract, operation)) continue;
        // Their own record was their store (one per extension, for a forwarding).
        if (ownOnly && path === paths.store) continue;
        const allowed = allows(subject, contract.access[operation]) && subject.company !== null;
        if (allowed && !mine && path !== paths.list && path !== paths.store) continue;
        const response = await call(username, `/${path}`, body);
        expect(response.statusCode, `${username} ${path}`).toBe(allowed ? 200 : 403);
      }
    }
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const writes: [string, 'create' | 'update' | 'delete'][] = [[paths.store, 'create'], [paths.update, 'update'], [`${contract.path}/delete/{id}`, 'delete']];
    for (const [path, operation] of writes) expect(document.paths[`/api/v1/${path}`]?.post, path).toEqual(offers(contract, operation) ? expect.anything() : undefined);
    for (const path of [paths.list, paths.view]) expect(document.paths[`/api/v1/${path}`]?.post, path).toBeDefined();
    if (contract.export) expect(document.paths[`/api/v1/${paths.export}`]?.get, paths.export).toBeDefined();
  });

  // Only resources with an export get this test (a conditional test, not a skipped one).
  if (contract.export) it('exports the list as .xlsx with a download token of its purpose, and nothing without one', async () => {
    await store();
    const url = `/api/v1/${paths.export}?sort_by=id&sort_order=desc`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const issued = await call('manager', '/download-token', { purpose: exportPurpose(contract), params: { sort_by: 'id', sort_order: 'desc' } });
    expect(issued.statusCode, issued.body).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: `${url}&token=${issued.json().token}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // A token for other parameters, or of another purpose, opens nothing.
    const other = await call('manager', '/download-token', { purpose: exportPurpose(contract), params: { sort_by: 'id' } });
    expect((await t.app.inject({ method: 'GET', url: `${url}&token=${other.json().token}` })).statusCode).toBe(403);
  });
});
