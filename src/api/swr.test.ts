import { afterEach, describe, expect, it } from 'vitest';
import { AxiosError, type AxiosAdapter } from 'axios';
import { http } from './http';
import { apiFetcher, shouldRetry, swrConfig } from './swr';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = originalAdapter;
});

describe('SWR fetcher', () => {
  it('POSTs the tuple key body and returns the data', async () => {
    let seen: { method?: string; url?: string; data?: unknown } = {};
    const adapter: AxiosAdapter = async (config) => {
      seen = { method: config.method, url: config.url, data: config.data };
      return { status: 200, statusText: 'OK', data: { data: [1], total: 1 }, headers: {}, config };
    };
    http.defaults.adapter = adapter;
    await expect(apiFetcher(['/member/list', { page: 2, per_page: 10 }])).resolves.toEqual({ data: [1], total: 1 });
    expect(seen).toEqual({ method: 'post', url: '/member/list', data: JSON.stringify({ page: 2, per_page: 10 }) });
    expect(swrConfig.fetcher).toBe(apiFetcher);
  });

  it('rejects with an ApiError', async () => {
    const adapter: AxiosAdapter = async (config) => {
      throw new AxiosError('x', 'ERR_BAD_REQUEST', config, null, {
        status: 404, statusText: '', data: { error: true, message: 'No record found.' }, headers: {}, config,
      });
    };
    http.defaults.adapter = adapter;
    await expect(apiFetcher('/member/view')).rejects.toEqual(
      expect.objectContaining({ status: 404, message: 'No record found.', fieldErrors: {} }),
    );
  });

  it('retries network failures and 5xx only', () => {
    expect(shouldRetry({ status: null, message: '', fieldErrors: {} })).toBe(true);
    expect(shouldRetry({ status: 503, message: '', fieldErrors: {} })).toBe(true);
    expect(shouldRetry({ status: 401, message: '', fieldErrors: {} })).toBe(false);
    expect(shouldRetry({ status: 422, message: '', fieldErrors: {} })).toBe(false);
  });
});
