import type { UserInfo } from '../../api/contracts/session.contract';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { followOtherTabs } from './session-tabs';

const storageEvent = (key: string, value: unknown) =>
  new StorageEvent('storage', { key, newValue: typeof value === 'string' ? value : JSON.stringify(value) });

describe('followOtherTabs', () => {
  const mine = makeUserInfo({ role: 'agent', username: 'agent1', permissions: [] });
  let apply: ReturnType<typeof vi.fn<(user: UserInfo) => void>>;
  let stop: () => void;
  beforeEach(() => {
    apply = vi.fn<(user: UserInfo) => void>();
    stop = followOtherTabs(() => mine, apply);
  });
  afterEach(() => stop());

  it('takes the same user’s new info stored by another tab (new permissions)', () => {
    const theirs = { ...mine, permissions: ['dashboard'] };
    window.dispatchEvent(storageEvent('userInfo', theirs));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply.mock.calls[0]![0].permissions).toEqual(['dashboard']);
  });

  it('ignores the same info (no echo between tabs), another user, other keys and bad data', () => {
    // The same info with its keys in another order is the same info.
    const reordered = Object.fromEntries(Object.entries(mine).reverse());
    window.dispatchEvent(storageEvent('userInfo', reordered));
    window.dispatchEvent(storageEvent('userInfo', { ...mine, user: { ...mine.user, id: mine.user.id + 1 } }));
    window.dispatchEvent(storageEvent('token', 'abc'));
    window.dispatchEvent(storageEvent('userInfo', '{not json'));
    window.dispatchEvent(storageEvent('userInfo', { user: 'nobody' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'userInfo', newValue: null }));
    expect(apply).not.toHaveBeenCalled();
  });

  it('stops listening when stopped, and takes nothing while signed out here', () => {
    stop();
    window.dispatchEvent(storageEvent('userInfo', { ...mine, user: { ...mine.user, name: 'changed' } }));
    const signedOut = vi.fn();
    stop = followOtherTabs(() => null, signedOut);
    window.dispatchEvent(storageEvent('userInfo', { ...mine, user: { ...mine.user, name: 'changed' } }));
    expect(apply).not.toHaveBeenCalled();
    expect(signedOut).not.toHaveBeenCalled();
  });
});
