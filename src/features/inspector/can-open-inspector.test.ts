import { makeUserInfo } from '../../api/testing/make-user-info';
import { canOpenInspector } from './can-open-inspector';

describe('canOpenInspector', () => {
  const as = (role: 'admin' | 'manager' | 'agent') => makeUserInfo({ role });

  it('lets managers and admins in, in any build', () => {
    expect(canOpenInspector(as('manager'), false)).toBe(true);
    expect(canOpenInspector(as('admin'), false)).toBe(true);
  });

  it('keeps agents out of production builds but not development builds', () => {
    expect(canOpenInspector(as('agent'), false)).toBe(false);
    expect(canOpenInspector(as('agent'), true)).toBe(true);
  });

  it('needs a signed-in user even in development', () => {
    expect(canOpenInspector(null, true)).toBe(false);
  });
});
