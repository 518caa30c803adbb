import { memberContract, memberInputSchema, isMobileNumber } from '../contracts/member.contract';
import { memberGroupContract } from '../contracts/member-settings.contract';
import { makeUserInfo } from '../testing/make-user-info';
import { canDo } from './resource-access';
import { lastPageOf, listQuerySchema, resourcePaths, updateBodySchema } from './resource-contract';

describe('listQuerySchema (CONTRACT §3 pagination)', () => {
  const schema = listQuerySchema(memberContract);

  it('coerces numeric text and drops blanks, so forms and export query strings both work', () => {
    expect(schema.parse({ page: '2', per_page: '50', search: '  ', group: '', sort_by: 'name' })).toEqual({ page: 2, per_page: 50, sort_by: 'name' });
    expect(schema.parse({})).toEqual({});
  });

  it.each([[{ per_page: 15 }, 'validation.per_page_invalid'], [{ page: 0 }, 'validation.page_invalid'], [{ sort_by: 'secret' }, 'validation.sort_invalid']])(
    'refuses %o with %s',
    (body, message) => {
      const result = schema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    },
  );

  it('takes the contract’s filters', () => {
    expect(schema.parse({ phone_type: 'mobile', level: 'Gold' })).toEqual({ phone_type: 'mobile', level: 'Gold' });
    expect(schema.safeParse({ phone_type: 'fax' }).success).toBe(false);
  });
});

describe('derived paths and schemas', () => {
  it('names the routes after the contract’s path', () => {
    const paths = resourcePaths(memberContract);
    expect([paths.all, paths.list, paths.view, paths.store, paths.update, paths.delete(7), paths.byId(7)]).toEqual([
      'member', 'member/list', 'member/view', 'member/store', 'member/update', 'member/delete/7', 'member/7',
    ]);
  });

  it('update takes the input plus the id', () => {
    expect(updateBodySchema(memberGroupContract).parse({ id: '3', name: ' VIP ' })).toEqual({ id: 3, name: 'VIP' });
  });

  it('computes the last page, never below 1', () => {
    expect([lastPageOf(0, 10), lastPageOf(10, 10), lastPageOf(11, 10), lastPageOf(57, 20)]).toEqual([1, 1, 2, 3]);
  });
});

describe('access rules, shared with the server', () => {
  const agent = makeUserInfo({ permissions: ['members'] });
  const manager = makeUserInfo({ role: 'manager', permissions: [] });
  it('members: agents with `members` read and write, deleting needs member_delete', () => {
    expect(['read', 'create', 'update', 'delete'].map((op) => canDo(agent, memberContract, op as 'read'))).toEqual([true, true, true, false]);
    expect(canDo(manager, memberContract, 'delete')).toBe(true);
    expect(canDo(null, memberContract, 'read')).toBe(false);
  });
  it('member settings: managers only for writes', () => {
    expect(canDo(agent, memberGroupContract, 'read')).toBe(true);
    expect(canDo(agent, memberGroupContract, 'update')).toBe(false);
    expect(canDo(manager, memberGroupContract, 'update')).toBe(true);
  });
});

describe('member contract', () => {
  it.each(['010-5555-0001', '+82 10 5555 0001', '(02) 123.4567', '01055550001'])('accepts %s as a phone number', (phone_number) => {
    expect(memberInputSchema.safeParse({ name: 'A', phone_number }).success).toBe(true);
  });
  it.each(['', 'abc', '010-CALL-NOW', '1', '+'])('refuses %j', (phone_number) => {
    expect(memberInputSchema.safeParse({ name: 'A', phone_number }).success).toBe(false);
  });
  it('a number starting with 01 is mobile (specification §9)', () => {
    expect([isMobileNumber('01055550001'), isMobileNumber('0221234567'), isMobileNumber('0505551234')]).toEqual([true, false, false]);
  });
});
