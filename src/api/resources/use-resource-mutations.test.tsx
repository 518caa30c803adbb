import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { memberContract } from '../contracts/member.contract';
import { memberGroupContract } from '../contracts/member-settings.contract';
import { http } from '../http';
import { useResourcePage } from './use-resource';
import { useResourceMutations } from './use-resource-mutations';

vi.mock('../http', () => ({ http: { post: vi.fn() } }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>
);
const emptyPage = { data: [], current_page: 1, per_page: 10, total: 0, last_page: 1 };
const group = { id: 1, name: 'Premium', created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z' };

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});

describe('useResourceMutations', () => {
  it('renaming a group refetches the member lists (the rename changed them)', async () => {
    vi.mocked(http.post).mockImplementation((async (path: string) => ({ data: path === 'member-group/update' ? { data: group } : emptyPage })) as never);
    const { result } = renderHook(
      () => ({ members: useResourcePage(memberContract, { page: 1 }), mutations: useResourceMutations(memberGroupContract) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.members.data).toEqual(emptyPage));
    const listCalls = () => vi.mocked(http.post).mock.calls.filter(([path]) => path === 'member/list').length;
    expect(listCalls()).toBe(1);
    await expect(result.current.mutations.update(1, { name: 'Premium' })).resolves.toEqual(group);
    expect(http.post).toHaveBeenCalledWith('member-group/update', { name: 'Premium', id: 1 });
    await waitFor(() => expect(listCalls()).toBe(2));
  });

  it('rejects with an ApiError whose fieldErrors a form places', async () => {
    vi.mocked(http.post).mockRejectedValue({ isAxiosError: true, message: 'x', response: { status: 422, data: { message: 'Fix it', errors: { name: ['Taken'] } } } });
    const { result } = renderHook(() => useResourceMutations(memberGroupContract), { wrapper });
    await expect(result.current.create({ name: 'VIP' })).rejects.toMatchObject({ status: 422, fieldErrors: { name: ['Taken'] } });
  });

  it('refuses an answer that breaks the contract', async () => {
    vi.mocked(http.post).mockResolvedValue({ data: { data: { id: 'not a number' } } } as never);
    const { result } = renderHook(() => useResourceMutations(memberGroupContract), { wrapper });
    await expect(result.current.create({ name: 'VIP' })).rejects.toMatchObject({ status: null });
  });
});
