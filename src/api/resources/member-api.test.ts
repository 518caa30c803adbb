import { http } from '../http';
import { lookupMembersByPhone, storeMemberFromCaller } from './member-api';

vi.mock('../http', () => ({ http: { post: vi.fn() } }));

describe('member api', () => {
  it('looks a number up in any format (the server normalises) and answers memberCount', async () => {
    vi.mocked(http.post).mockResolvedValue({ data: { phone_number: '01055550001', memberCount: 0, data: [] } } as never);
    await expect(lookupMembersByPhone('+82 10 5555 0001')).resolves.toEqual({ phone_number: '01055550001', memberCount: 0, data: [] });
    expect(http.post).toHaveBeenCalledWith('member/phone-number/%2B82%2010%205555%200001', {});
  });

  it('stores a member from a call', async () => {
    const member = { id: 9, name: '01012345678', phone_number: '01012345678', company_name: null, groups: [], levels: [], custom_fields: {}, is_mobile: true, created_at: 'x', updated_at: 'x' };
    vi.mocked(http.post).mockResolvedValue({ data: { data: member, memberCount: 1 } } as never);
    await expect(storeMemberFromCaller({ phone_number: '010-1234-5678' })).resolves.toEqual({ data: member, memberCount: 1 });
    expect(http.post).toHaveBeenCalledWith('member/store/caller', { phone_number: '010-1234-5678' });
  });
});
