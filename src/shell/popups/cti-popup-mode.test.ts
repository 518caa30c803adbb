import { describe, expect, it } from 'vitest';
import { ctiPopupMode } from './cti-popup-mode';
import { makeUserInfo } from '../../api/testing/make-user-info';

describe('ctiPopupMode (specification section 4)', () => {
  it.each([
    ['agent without cti_new_window', 'dialog', makeUserInfo()],
    ['agent with cti_new_window', 'window', makeUserInfo({ permissions: ['cti_new_window'] })],
    ['manager without listed permissions', 'window', makeUserInfo({ role: 'manager', permissions: [] })],
    ['admin without cti_new_window', 'dialog', makeUserInfo({ role: 'admin', permissions: [] })],
    ['nobody signed in', 'dialog', null],
  ] as const)('%s → %s', (_name, expected, user) => {
    expect(ctiPopupMode(user)).toBe(expected);
  });
});
