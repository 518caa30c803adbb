import { describe, expect, it } from 'vitest';
import { credentialsFromSearch, withoutLoginKeys } from './login-credentials';

describe('URL login keys', () => {
  it.each([
    ['', null],
    ['?tab=1', null],
    ['?apiKey=', null],
    ['?apiKey=abc', { method: 'apiKey', apiKey: 'abc' }],
    ['?agentApiKey=xyz', { method: 'agentApiKey', agentApiKey: 'xyz' }],
    ['?agentApiKey=xyz&apiKey=abc', { method: 'apiKey', apiKey: 'abc' }],
  ])('%s', (search, expected) => {
    expect(credentialsFromSearch(search)).toEqual(expected);
  });

  it('strips only the keys', () => {
    expect(withoutLoginKeys('/members', '?apiKey=abc&page=2', '#top')).toBe('/members?page=2#top');
    expect(withoutLoginKeys('/', '?agentApiKey=x')).toBe('/');
  });
});
