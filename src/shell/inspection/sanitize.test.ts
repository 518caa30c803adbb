import { createActor, createMachine } from 'xstate';
import { isSecretKey, REDACTED, sanitize, sanitizeEventPayload } from './sanitize';

describe('sanitize', () => {
  it('redacts secret keys at any depth, in any spelling', () => {
    const input = {
      username: 'agent1',
      password: 'p',
      newPassword: 'p2',
      token: 't',
      access_token: 'a',
      refreshToken: 'r',
      apiKey: 'k',
      agentApiKey: 'ak',
      nested: { list: [{ 'refresh-token': 'x', keep: 1 }] },
    };
    expect(sanitize(input)).toEqual({
      username: 'agent1',
      password: REDACTED,
      newPassword: REDACTED,
      token: REDACTED,
      access_token: REDACTED,
      refreshToken: REDACTED,
      apiKey: REDACTED,
      agentApiKey: REDACTED,
      nested: { list: [{ 'refresh-token': REDACTED, keep: 1 }] },
    });
  });

  it('keeps empty and boolean secret fields, which reveal nothing', () => {
    expect(sanitize({ token: null, failedToken: undefined, hasToken: true })).toEqual({
      token: null,
      failedToken: undefined,
      hasToken: true,
    });
  });

  it('hides JWT-looking strings under innocent keys', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_nature';
    expect(sanitize({ note: jwt })).toEqual({ note: REDACTED });
  });

  it('survives cycles, actor refs, errors, dates, maps, sets and functions', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const actor = createActor(createMachine({ id: 'm' }), { id: 'child' });
    const out = sanitize({
      cyclic,
      actor,
      error: new TypeError('boom'),
      at: new Date('2024-01-05T03:04:05.000Z'),
      map: new Map([['k', 1]]),
      set: new Set([1, 2]),
      fn: function named() {},
      big: 10n,
    });
    expect(out).toEqual({
      cyclic: { name: 'loop', self: '[circular]' },
      actor: '[actor child]',
      error: { name: 'TypeError', message: 'boom' },
      at: '2024-01-05T03:04:05.000Z',
      map: { k: 1 },
      set: [1, 2],
      fn: '[function named]',
      big: '10n',
    });
  });

  it('summarises what is too deep or too long', () => {
    const deep = { a: { b: { c: { d: 1 } } } };
    expect(sanitize(deep, { maxDepth: 2 })).toEqual({ a: { b: '[object]' } });
    expect(sanitize([1, 2, 3, 4], { maxEntries: 2 })).toEqual([1, 2, '… 2 more']);
    expect(sanitize('abcdef', { maxStringLength: 3 })).toBe('abc…');
  });

  it('names secret keys by their ending', () => {
    expect(['Authorization', 'session_cookie', 'clientSecret'].every(isSecretKey)).toBe(true);
    expect(['tokenExpiresAt', 'username', 'keyboard'].some(isSecretKey)).toBe(false);
  });

  it('gives an event payload without its type, or null when there is nothing else', () => {
    expect(sanitizeEventPayload({ type: 'LOGOUT' })).toBeNull();
    expect(sanitizeEventPayload({ type: 'xstate.init', input: undefined })).toBeNull();
    expect(sanitizeEventPayload({ type: 'LOGIN', method: 'apiKey', apiKey: 'k' })).toEqual({
      method: 'apiKey',
      apiKey: REDACTED,
    });
  });
});
