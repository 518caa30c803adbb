import { vi } from 'vitest';
import { loadConfig, parseDuration } from '../../src/config';
import { languageFromHeader, translate } from '../../src/lib/i18n';
import { normalisePhoneNumber } from '../../src/lib/phone';
import { createAccessTokenSigner } from '../../src/lib/tokens';

describe('config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      databaseUrl: null,
      redisUrl: null,
      // No secret from the source code: main.ts resolves one under DATA_DIR (jwt-secret.test.ts).
      jwtSecret: '',
      jwtSecretIsDefault: true,
      accessTokenTtlSeconds: 15 * 60,
      refreshTokenTtlSeconds: 14 * 86_400,
    });
    expect(config.dataDir.endsWith('data')).toBe(true);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9090',
      DATABASE_URL: 'postgres://x/y',
      REDIS_URL: 'redis://r',
      JWT_SECRET: 's3cret',
      ACCESS_TOKEN_TTL: '5m',
      REFRESH_TOKEN_TTL: '1d',
    });
    expect(config).toMatchObject({
      port: 9090,
      databaseUrl: 'postgres://x/y',
      redisUrl: 'redis://r',
      jwtSecret: 's3cret',
      jwtSecretIsDefault: false,
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 86_400,
    });
  });

  it('parses durations and rejects nonsense', () => {
    expect([parseDuration('90', 'X'), parseDuration('15m', 'X'), parseDuration('2h', 'X'), parseDuration('14d', 'X')]).toEqual([
      90, 900, 7200, 1_209_600,
    ]);
    expect(() => parseDuration('soon', 'ACCESS_TOKEN_TTL')).toThrow(/ACCESS_TOKEN_TTL/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

describe('i18n', () => {
  it.each([
    [undefined, 'en'],
    ['ko', 'kr'],
    ['ko-KR,ko;q=0.9,en-US;q=0.8', 'kr'],
    ['kr', 'kr'],
    ['en-US,en;q=0.9,ko;q=0.8', 'en'],
    ['en;q=0.5, ko;q=0.9', 'kr'],
    ['fr', 'en'],
  ])('Accept-Language %s → %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });

  it('translates ids and passes unknown ones through', () => {
    expect(translate('errors.forbidden', 'kr')).toBe('이 작업을 수행할 권한이 없습니다.');
    expect(translate('validation.not_in_catalogue', 'en')).toBe('validation.not_in_catalogue');
  });
});

describe('phone numbers', () => {
  it.each([
    ['010-5555-0001', '01055550001'],
    [' 010 5555 0001 ', '01055550001'],
    ['+82 10-5555-0001', '01055550001'],
    ['0082-10-5555-0001', '01055550001'],
    ['+82 2 1234 5678', '0212345678'],
    ['(02) 1234/5678', '0212345678'],
  ])('%s → %s', (raw, normalised) => {
    expect(normalisePhoneNumber(raw)).toBe(normalised);
  });
});

describe('access tokens', () => {
  it('round-trips the claims and rejects tampering', async () => {
    const signer = createAccessTokenSigner('unit-test-secret-unit-test-secret', 60);
    const claims = {
      userId: 7,
      role: 'agent' as const,
      companyId: 3,
      familyId: '0b7c5d1e-4b6f-4c1e-9a55-2f0e1d3c4b5a',
      loginType: 'agent_api_key' as const,
    };
    const token = await signer.sign(claims);
    // A token that is nobody's login-as says so (docs/administration.md).
    expect(await signer.verify(token)).toEqual({ ...claims, impersonatedBy: null });
    expect(await signer.verify(`${token}x`)).toBeNull();
    const asAdmin = await signer.sign({ ...claims, impersonatedBy: 1 });
    expect(await signer.verify(asAdmin)).toEqual({ ...claims, impersonatedBy: 1 });
    expect(await createAccessTokenSigner('another-secret-another-secret!!', 60).verify(token)).toBeNull();
  });

  it('refuses a token once it expires, even after it was checked and remembered', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const signer = createAccessTokenSigner('unit-test-secret-unit-test-secret', 60);
      const claims = { userId: 8, role: 'manager' as const, companyId: 1, familyId: '0b7c5d1e-4b6f-4c1e-9a55-2f0e1d3c4b5b', loginType: 'password' as const, impersonatedBy: null };
      const token = await signer.sign(claims);
      expect(await signer.verify(token)).toEqual(claims);
      vi.advanceTimersByTime(59_000);
      expect(await signer.verify(token)).toEqual(claims);
      vi.advanceTimersByTime(1_000);
      expect(await signer.verify(token)).toBeNull();
      expect(await signer.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
