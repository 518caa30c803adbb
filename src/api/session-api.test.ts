import { afterEach, describe, expect, it } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from './http';
import { agentLogin, companyLogin, login, logout, refreshToken, viewMyAccount } from './session-api';
import { makeLoginResponse, makeUserInfo } from './testing/make-user-info';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = originalAdapter;
});

function answer(data: unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    return { status: 200, statusText: 'OK', data, headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return seen;
}

describe('session API', () => {
  it('login posts the credentials and parses the answer', async () => {
    const seen = answer(makeLoginResponse());
    await expect(login({ username: 'agent1', password: 'agent1234' })).resolves.toEqual(makeLoginResponse());
    expect(seen[0]).toMatchObject({ url: '/login', method: 'post' });
    expect(JSON.parse(String(seen[0]!.data))).toEqual({ username: 'agent1', password: 'agent1234' });
  });

  it('refreshToken sends the form field refresh_token', async () => {
    const seen = answer(makeLoginResponse());
    await refreshToken('r-1');
    expect(seen[0]!.url).toBe('/refresh-token');
    expect(String(seen[0]!.headers['Content-Type'])).toContain('application/x-www-form-urlencoded');
    expect(String(seen[0]!.data)).toBe('refresh_token=r-1');
  });

  it('company and agent logins post their keys', async () => {
    const seen = answer(makeLoginResponse());
    await companyLogin('demo-company-key');
    await agentLogin('demo-agent1-key');
    expect(seen.map((c) => [c.url, JSON.parse(String(c.data))])).toEqual([
      ['/company/login', { apiKey: 'demo-company-key' }],
      ['/user/login', { agentApiKey: 'demo-agent1-key' }],
    ]);
  });

  it('rejects an answer that breaks the contract', async () => {
    answer({ access_token: 'a' });
    await expect(login({ username: 'a', password: 'b' })).rejects.toThrow();
  });

  it('my-account view unwraps the user; logout sends the refresh token', async () => {
    const user = makeUserInfo();
    let seen = answer({ user });
    await expect(viewMyAccount()).resolves.toEqual(user);
    seen = answer({ result: 'success' });
    await logout('r-9');
    expect(JSON.parse(String(seen[0]!.data))).toEqual({ refresh_token: 'r-9' });
  });
});
