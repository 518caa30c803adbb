import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { fromCallback } from 'xstate';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { CtiBar } from './cti-bar';
import { FakeConnection } from '../../machines/phone/fake-connection';
import type { PhoneSummary } from '../../machines/phone/phone.selectors';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { publishSummary } from '../../shell/telephony/bridge-glue';
import { startTelephony, stopTelephony } from '../../shell/telephony/telephony-lifecycle';
import { createTelephonyRoot } from '../../shell/telephony/telephony-root';
import { ControlledCti } from '../../shell/telephony/testing/controlled-cti';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi } from '../../shell/telephony/testing/phone-harness';

/**
 * One user, two tabs: this tab loses the election, so it runs no phone (no socket, no CTI requests); it
 * shows the leader's summaries and forwards its clicks to the leader. The test plays the leader tab.
 */
vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

const neverWins = fromCallback(() => undefined);
const leaderSummary = (status: number): PhoneSummary => ({
  extension: '1001',
  registration: { state: 'registered', registered: true, extension: '1001', extenStatus: 51, status, socketConnected: true, error: null, canRetry: false },
  agent: { status: 'available', settled: 'available', pending: null, dnd: 'off', forwarding: 'off', forwardNumber: null, error: null, allowed: ['REQUEST', 'DND_ON', 'FORWARD_SET', 'FORWARD_CHECK'] },
  calls: [],
  supervision: null,
  error: null,
});

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  stopTelephony();
  await signOut();
});

it('a follower tab shows the leader’s phone and forwards commands to it', async () => {
  const user = makeUserInfo();
  await signInAs(user);
  const leaderTab = new LocalBroadcastChannel('callcentre');
  const heard: { target: string; message: { type: string; payload?: unknown } }[] = [];
  leaderTab.addEventListener('message', (event) => heard.push(event.data));
  const cti = new ControlledCti();
  const connection = new FakeConnection();
  let connects = 0;
  const root = createTelephonyRoot(
    user,
    { cti: cti.client, connect: () => (connects++, connection), lookupMembers: async () => ({ memberCount: 0 }), openPopup: (r) => r.mode, publish: publishSummary, permissions: { listen: false, whisper: false } },
    { election: neverWins },
  );
  startTelephony(root, 'test');
  renderPhoneUi(<CtiBar />);
  await flush();

  expect(root.getSnapshot().matches('follower')).toBe(true);
  expect(connects).toBe(0);
  expect(cti.log).toEqual([]);
  // It asked the leader for a summary as it started.
  expect(heard).toContainEqual(expect.objectContaining({ target: 'main', message: { type: 'cti.request', action: 'command', payload: { type: 'REFRESH_SUMMARY' } } }));

  await act(async () => leaderTab.postMessage({ source: 'callcentre-bridge', target: 'main', message: { type: 'cti.state', summary: leaderSummary(21) } }));
  await flush();
  expect(screen.getByTestId('cti-bar')).toHaveAttribute('data-role', 'follower');
  expect(screen.getByTestId('cti-registration')).toHaveAttribute('data-state', 'registered');
  expect(screen.getByTestId('cti-status-label')).toHaveTextContent('Lunch');

  await act(async () => void fireEvent.click(screen.getByTestId('agent-state-rest')));
  await flush();
  expect(heard.at(-1)).toEqual({
    source: 'callcentre-bridge',
    target: 'main',
    message: { type: 'cti.request', action: 'command', payload: { type: 'AGENT_COMMAND', command: { type: 'REQUEST', state: 'rest' } } },
  });
  expect(cti.log).toEqual([]);
});
