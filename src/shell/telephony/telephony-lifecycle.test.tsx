import { act } from '@testing-library/react';
import type { UserInfo } from '../../api/contracts/session.contract';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { FakeConnection } from '../../machines/phone/fake-connection';
import { signInAs, signOut } from '../session/testing/session-actor-stub';
import { inspectionBus } from '../inspection/inspection-bus';
import { phoneView } from './phone-view';
import { sendPhoneCommand } from './phone-commands';
import { currentTelephony, followSession, stopTelephony, telephonyKey } from './telephony-lifecycle';
import { createTelephonyRoot, singleTabElection } from './telephony-root';
import { ControlledCti } from './testing/controlled-cti';
import { LocalBroadcastChannel } from './testing/local-broadcast-channel';
import { publishSummary } from './bridge-glue';

vi.mock('../session/session-actor', () => import('../session/testing/session-actor-stub'));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

const created: { user: UserInfo; cti: ControlledCti; connection: FakeConnection }[] = [];
function fakeFactory(user: UserInfo) {
  const cti = new ControlledCti();
  const connection = new FakeConnection();
  created.push({ user, cti, connection });
  return createTelephonyRoot(
    user,
    { cti: cti.client, connect: () => connection, lookupMembers: async () => ({ memberCount: 0 }), openPopup: (r) => r.mode, publish: publishSummary, permissions: { listen: false, whisper: false } },
    { election: singleTabElection },
  );
}

afterEach(async () => {
  await signOut();
  stopTelephony();
  created.length = 0;
});

describe('telephony lifecycle', () => {
  it('gives a phone to managers and agents with a company and an extension only', () => {
    expect(telephonyKey(makeUserInfo())).toBe('4|1001|http://localhost:8080/cti|dialog');
    expect(telephonyKey(makeUserInfo({ role: 'manager' }))).toMatch(/\|window$/);
    expect(telephonyKey(makeUserInfo({ extension: null }))).toBeNull();
    expect(telephonyKey(makeUserInfo({ company: null }))).toBeNull();
    expect(telephonyKey(makeUserInfo({ role: 'admin' }))).toBeNull();
    expect(telephonyKey(null)).toBeNull();
  });

  it('starts the root at sign-in, stops it at sign-out, and replaces it for another user', async () => {
    followSession(fakeFactory);
    expect(currentTelephony()).toBeNull();

    await signInAs(makeUserInfo());
    const first = currentTelephony();
    expect(first?.getSnapshot().status).toBe('active');
    expect(first?.id).toBe('telephony');
    expect(created.map((c) => c.user.extension)).toEqual(['1001']);
    await act(async () => created[0]!.connection.serverConnect());
    expect(phoneView.getSnapshot().context.role).toBe('leader');
    expect(phoneView.getSnapshot().context.summary?.registration.registered).toBe(true);

    // Commands from UI code reach the phone through the root.
    sendPhoneCommand({ type: 'DIAL', number: '1002' });
    await act(async () => undefined);
    expect(created[0]!.cti.log).toContain('dial(1002)');

    await signInAs(makeUserInfo({ username: 'agent2', extension: '1002', user: { ...makeUserInfo().user, id: 5 } }));
    expect(first?.getSnapshot().status).toBe('stopped');
    expect(created[0]!.connection.closed).toBe(true);
    expect(currentTelephony()?.getSnapshot().context.phone.extension).toBe('1002');

    await signOut();
    expect(currentTelephony()).toBeNull();
    expect(phoneView.getSnapshot().context).toEqual({ role: 'none', summary: null });
  });

  it('starts nothing for an admin', async () => {
    followSession(fakeFactory);
    await signInAs(makeUserInfo({ role: 'admin', company: null, extension: null }));
    expect(currentTelephony()).toBeNull();
    expect(created).toEqual([]);
  });

  it('puts the whole telephony tree on the inspection bus', async () => {
    followSession(fakeFactory);
    await signInAs(makeUserInfo());
    await act(async () => created[0]!.connection.serverConnect());
    await new Promise((resolve) => setTimeout(resolve, 0));
    const names = inspectionBus.getSnapshot().actors.map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(['telephony', 'phone', 'registration', 'agentState', 'socket']));
  });
});
