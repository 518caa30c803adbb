import { chooseMemberForCall, chosenMemberFor, forgetChosenMembers } from './member-selection';

/** The member chosen for a call with a shared number outlives a reload of the page (QA). */
describe('member selection', () => {
  afterEach(() => forgetChosenMembers());

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
