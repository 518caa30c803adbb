import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http, isSessionRequest, setUnauthorizedReporter } from './http';

/** An axios adapter stub: answers by path, records what was sent. No network. */
function stubAdapter(statusFor: (url: string) => number) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const status = statusFor(config.url ?? '');
    const response = { status, statusText: String(status), data: { error: true, message: `status ${status}` }, headers: {}, config };
    if (status >= 400) {
      throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
    }
    return { ...response, data: { ok: true } };
  };
  return { adapter, seen };
}

const originalAdapter = http.defaults.adapter;
const reporter = vi.fn<(failedToken: string | null) => void>();

beforeEach(() => {
  reporter.mockReset();
  setUnauthorizedReporter(reporter);
});
afterEach(() => {
  http.defaults.adapter = originalAdapter;
  setUnauthorizedReporter(null);
});

describe('http client', () => {
  it('sends Accept, the bearer token and Accept-Language ko for kr', async () => {
    const { adapter, seen } = stubAdapter(() => 200);
    http.defaults.adapter = adapter;
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('language', 'kr');
    await http.post('/member/list', { page: 1 });
    const headers = AxiosHeaders.from(seen[0]!.headers);
    expect(seen[0]!.baseURL).toBe('/api/v1');
    expect(headers.get('Accept')).toContain('application/json');
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('Accept-Language')).toBe('ko');
  });

  it('sends Accept-Language en otherwise, no Authorization without a token, and reads the token per request', async () => {
    const { adapter, seen } = stubAdapter(() => 200);
    http.defaults.adapter = adapter;
    await http.post('/users/check-user');
    localStorage.setItem('language', 'en');
    localStorage.setItem('token', 'tok-2');
    await http.post('/users/check-user');
    expect(AxiosHeaders.from(seen[0]!.headers).get('Authorization')).toBeUndefined();
    expect(AxiosHeaders.from(seen[0]!.headers).get('Accept-Language')).toBe('en');
    expect(AxiosHeaders.from(seen[1]!.headers).get('Authorization')).toBe('Bearer tok-2');
  });

  it('reports HTTP_401 once per failed request and still rejects with the original error', async () => {
    const { adapter } = stubAdapter(() => 401);
    http.defaults.adapter = adapter;
    localStorage.setItem('token', 'stale');
    const results = await Promise.allSettled([http.post('/member/list'), http.post('/tasks/index'), http.post('/users/view')]);
    expect(reporter).toHaveBeenCalledTimes(3);
    expect(reporter).toHaveBeenCalledWith('stale');
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as AxiosError;
      expect(reason).toBeInstanceOf(AxiosError);
      expect(reason.response?.status).toBe(401);
    }
  });

  it.each(['/login', '/refresh-token', '/company/login', '/user/login', '/logout', 'login', '/api/v1/logout'])(
    'does not report a 401 from the session call %s',
    async (path) => {
      const { adapter } = stubAdapter(() => 401);
      http.defaults.adapter = adapter;
      await expect(http.post(path)).rejects.toBeInstanceOf(AxiosError);
      expect(reporter).not.toHaveBeenCalled();
    },
  );

  it('does not report other statuses', async () => {
    const { adapter } = stubAdapter((url) => (url.includes('forbidden') ? 403 : 500));
    http.defaults.adapter = adapter;
    await expect(http.post('/forbidden')).rejects.toBeInstanceOf(AxiosError);
    await expect(http.post('/broken')).rejects.toBeInstanceOf(AxiosError);
    expect(reporter).not.toHaveBeenCalled();
  });
});

describe('isSessionRequest', () => {
  it.each([
    ['/login', true],
    ['/login?x=1', true],
    ['/refresh-token', true],
    ['company/login', true],
    ['/user/login', true],
    ['/logout', true],
    ['/users/check-user', false],
    ['/users/login-as', false],
    ['/management/company/login-history', false],
    [undefined, false],
  ])('%s → %s', (url, expected) => {
    expect(isSessionRequest(url)).toBe(expected);
  });
});
