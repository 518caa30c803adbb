import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getLanguage,
  getStoredSession,
  getTheme,
  getUserInfo,
  getVerticalNavMenuWidth,
  setUserInfo,
} from './storage';
import { draftKey, writeDraft } from './form-drafts';
import { makeUserInfo } from './testing/make-user-info';

describe('browser storage (specification section 3)', () => {
  it('round-trips the user info and rejects bad data', () => {
    const user = makeUserInfo();
    setUserInfo(user);
    expect(getUserInfo()).toEqual(user);
    localStorage.setItem('userInfo', '{not json');
    expect(getUserInfo()).toBeNull();
    localStorage.setItem('userInfo', JSON.stringify({ role: 'agent' }));
    expect(getUserInfo()).toBeNull();
  });

  it('a stored session needs both a token and a valid user info', () => {
    setUserInfo(makeUserInfo());
    expect(getStoredSession()).toBeNull();
    localStorage.setItem('token', 't');
    expect(getStoredSession()).not.toBeNull();
  });

  it('reads only known values for language, theme and menu width', () => {
    localStorage.setItem('language', 'ko');
    localStorage.setItem('theme', 'blue');
    localStorage.setItem('verticalNavMenuWidth', 'wide');
    expect([getLanguage(), getTheme(), getVerticalNavMenuWidth()]).toEqual([null, null, null]);
    localStorage.setItem('language', 'kr');
    localStorage.setItem('theme', 'semi-dark');
    localStorage.setItem('verticalNavMenuWidth', '260');
    expect([getLanguage(), getTheme(), getVerticalNavMenuWidth()]).toEqual(['kr', 'semi-dark', 260]);
  });

  it('clearSession removes the session keys and keeps language, menu width and theme', () => {
    const all = {
      token: 't',
      refreshToken: 'r',
      userInfo: '{}',
      identity: 'agent1',
      extension: '1001',
      phoneNumber: '010',
      language: 'kr',
      verticalNavMenuWidth: '240',
      theme: 'dark',
    };
    for (const [key, value] of Object.entries(all)) localStorage.setItem(key, value);
    clearSession();
    expect(Object.fromEntries(Object.keys(all).map((key) => [key, localStorage.getItem(key)]))).toEqual({
      token: null,
      refreshToken: null,
      userInfo: null,
      identity: null,
      extension: null,
      phoneNumber: null,
      language: 'kr',
      verticalNavMenuWidth: '240',
      theme: 'dark',
    });
  });

  it('clearSession removes every unsaved form draft (customer data) and keeps the language', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('language', 'kr');
    writeDraft(draftKey('consultation', '1700.1'), { title: '배송 문의' }, null);
    writeDraft(draftKey('consultation', '1700.2'), { title: '환불' }, 10);
    clearSession();
    expect(Object.keys(localStorage)).toEqual(['language']);
    expect(getLanguage()).toBe('kr');
  });
});
