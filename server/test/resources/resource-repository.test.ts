import { eq } from 'drizzle-orm';
import { companyScope } from '../../src/db/company-scope';
import { memberGroups, members } from '../../src/db/schema';
import { FieldValidationError } from '../../src/lib/errors';
import { memberGroupResource } from '../../src/routes/member-settings/member-settings.resources';
import { ResourceRepository } from '../../src/resources/resource-repository';
import { isUniqueViolation } from '../../src/resources/db-errors';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

/** The generic data access on its own: transactions around cascades, and unique races. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DEMO_COMPANY = 1;

describe('ResourceRepository', () => {
  it('rolls a rename back, members and all, when a cascade fails', async () => {
    const failing = { ...memberGroupResource, onRename: [...(memberGroupResource.onRename ?? []), async () => { throw new Error('cascade failed'); }] };
    const repository = new ResourceRepository(failing, companyScope(t.db, DEMO_COMPANY));
    const [vip] = await companyScope(t.db, DEMO_COMPANY).findMany(memberGroups, eq(memberGroups.name, 'VIP'));
    await expect(repository.update(vip!.id, { name: 'Renamed' })).rejects.toThrow('cascade failed');
    expect((await companyScope(t.db, DEMO_COMPANY).findById(memberGroups, vip!.id)).name).toBe('VIP');
    const holders = await companyScope(t.db, DEMO_COMPANY).findMany(members, eq(members.name, '김민준'));
    expect(holders[0]?.groups).toEqual(['VIP']);
  });

  it('turns a unique-index race (no pre-check) into a 422 under the unique field', async () => {
    const racing = { ...memberGroupResource, unique: memberGroupResource.unique?.map((u) => ({ ...u, valueOf: () => undefined })) };
    const repository = new ResourceRepository(racing, companyScope(t.db, DEMO_COMPANY));
    const error = await repository.create({ name: 'VIP' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FieldValidationError);
    expect((error as FieldValidationError).fieldErrors).toEqual({ name: ['validation.member_group_name_taken'] });
  });

  it('pages with the default sort and reports last_page for an empty company', async () => {
    const page = await new ResourceRepository(memberGroupResource, companyScope(t.db, 999)).page({});
    expect(page).toEqual({ data: [], current_page: 1, per_page: 10, total: 0, last_page: 1 });
  });
});

describe('isUniqueViolation', () => {
  it('follows the cause chain drizzle wraps driver errors in', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation(new Error('other', { cause: { code: '23503' } }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
