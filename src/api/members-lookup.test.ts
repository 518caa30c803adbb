import { http } from './http';
import { lookupCallerMembers } from './members-lookup';

vi.mock('./http', () => ({ http: { post: vi.fn() } }));

const answer = (memberCount: number) => ({ data: { phone_number: '01055550001', memberCount, data: [] } });

describe('lookupCallerMembers', () => {
  it('asks member/phone-number once for readers within a few seconds, again later or after a failure', async () => {
    vi.mocked(http.post).mockResolvedValue(answer(1));
    await lookupCallerMembers('01055550001', 1_000);
    await lookupCallerMembers('01055550001', 3_000);
    expect(http.post).toHaveBeenCalledTimes(1);
    expect(http.post).toHaveBeenCalledWith('member/phone-number/01055550001', {});
    expect((await lookupCallerMembers('01055550001', 7_000)).memberCount).toBe(1);
    expect(http.post).toHaveBeenCalledTimes(2);

    vi.mocked(http.post).mockRejectedValueOnce({ isAxiosError: true, message: 'down', response: { status: 500, data: { error: true, message: 'down' } } });
    await expect(lookupCallerMembers('0212345678', 10_000)).rejects.toMatchObject({ status: 500 });
    vi.mocked(http.post).mockResolvedValue(answer(0));
    await lookupCallerMembers('0212345678', 10_001);
    expect(http.post).toHaveBeenCalledTimes(4);
  });

  it('looks nobody up for a withheld number or a colleague’s extension (an internal call)', async () => {
    vi.mocked(http.post).mockClear();
    for (const number of ['anonymous', '', '1002', '100', '200001']) {
      expect(await lookupCallerMembers(number, 20_000)).toEqual({ phone_number: '', memberCount: 0, data: [] });
    }
    expect(http.post).not.toHaveBeenCalled();
    // 8 digits and more are subscribers (15881234), never extensions.
    vi.mocked(http.post).mockResolvedValue(answer(0));
    await lookupCallerMembers('15881234', 20_000);
    expect(http.post).toHaveBeenCalledWith('member/phone-number/15881234', {});
  });
});
