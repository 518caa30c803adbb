import { memberContract } from '../contracts/member.contract';
import { memberGroupContract } from '../contracts/member-settings.contract';
import { compactQuery, keyReadsAny, listKey, stalePathsAfterWrite } from './resource-keys';

describe('resource keys', () => {
  it('drops empty values so equivalent queries share one cache entry', () => {
    expect(compactQuery({ page: 1, search: '', group: undefined, level: null })).toEqual({ page: 1 });
    expect(listKey(memberContract, { page: 2, per_page: 20, search: '' })).toEqual(['member/list', { page: 2, per_page: 20 }]);
  });

  it('matches keys of an entity by base path, not by prefix of another entity', () => {
    const members = ['member'];
    expect(keyReadsAny(['member/list', {}], members)).toBe(true);
    expect(keyReadsAny(['member/company/x', {}], members)).toBe(true);
    expect(keyReadsAny(['member/get-settings', {}], members)).toBe(true);
    expect(keyReadsAny(['member', {}], members)).toBe(true);
    expect(keyReadsAny(['member-group/list', {}], members)).toBe(false);
    expect(keyReadsAny('/member/list', members)).toBe(true);
    expect(keyReadsAny(undefined, members)).toBe(false);
  });

  it('a member-setting write makes the member data stale too', () => {
    expect(stalePathsAfterWrite(memberGroupContract)).toEqual(['member-group', 'member']);
  });
});
