import { http } from '../../api/http';
import { chooseMemberForCall, chosenMemberFor, forgetChosenMembers } from './member-selection';

// The call log keeps each choice (cti/calls/member); answered here so no request leaves the test.
vi.mock('../../api/http', () => ({
  http: {
    post: vi.fn(async (_path: string, body: { uniqueid: string; member_id: number }) => ({ data: { data: { ...body, member_name: 'member' } } })),
  },
}));

/** The member chosen for a call with a shared number outlives a reload of the page (QA). */
describe('member selection', () => {
  afterEach(() => forgetChosenMembers());

  it('is kept on the call log: each choice, a changed one too, is sent to cti/calls/member', async () => {
    expect(await chooseMemberForCall('1700.1', 7)).toBe(true);
    expect(await chooseMemberForCall('1700.1', 8)).toBe(true);
    expect(vi.mocked(http.post).mock.calls.map(([path, body]) => [path, body])).toEqual([
      ['cti/calls/member', { uniqueid: '1700.1', member_id: 7 }],
      ['cti/calls/member', { uniqueid: '1700.1', member_id: 8 }],
    ]);
    expect(chosenMemberFor('1700.1')).toBe(8);
  });

  it('is still known after a reload (the module loaded again), from this tab’s session storage', async () => {
    chooseMemberForCall('1700.5', 7);
    chooseMemberForCall('1700.6', 8);
    chooseMemberForCall('1700.5', 9);
    vi.resetModules();
    const reloaded = await import('./member-selection');
    expect(reloaded.chosenMemberFor('1700.5')).toBe(9);
    expect(reloaded.chosenMemberFor('1700.6')).toBe(8);
    expect(reloaded.chosenMemberFor('1700.7')).toBeNull();
  });

  it('keeps the latest 50 calls, and shrugs off a broken stored value', async () => {
    for (let i = 0; i < 60; i += 1) chooseMemberForCall(`c${i}`, i);
    expect(chosenMemberFor('c59')).toBe(59);
    vi.resetModules();
    let reloaded = await import('./member-selection');
    expect(reloaded.chosenMemberFor('c9')).toBeNull();
    expect(reloaded.chosenMemberFor('c10')).toBe(10);

    sessionStorage.setItem('callMemberChoices', '{not json');
    vi.resetModules();
    reloaded = await import('./member-selection');
    expect(reloaded.chosenMemberFor('c10')).toBeNull();
  });
});
