import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createTestModel } from 'xstate/graph';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { stopTelephony } from '../../shell/telephony/telephony-lifecycle';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi, startTestPhone, type TestPhone } from '../../shell/telephony/testing/phone-harness';
import { registrationSpecMachine } from '../../machines/registration/registration.spec-machine';
import { CtiBar } from './cti-bar';

/**
 * Model-based test (issue 3 item 7): the registration spec's shortest paths drive the real CTI bar on a
 * real telephony root; the CTI server and the socket are faked at the provided-actor level. Events are
 * what the server or the agent does (the retry is a click); states assert what the bar shows.
 */
vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

const paths = createTestModel(registrationSpecMachine, { filterEvents: (s, e) => s.can(e) }).getShortestPaths();
const CTI_ERROR = 'The telephony server reported an error.';

function registration() {
  return screen.getByTestId('cti-registration');
}

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  cleanup();
  stopTelephony();
  vi.useRealTimers();
  await signOut();
});

describe(`registration model: ${paths.length} shortest paths through the CTI bar`, () => {
  for (const path of paths) {
    it(path.description, async () => {
      await signInAs(makeUserInfo());
      const phone: TestPhone = startTestPhone({ manual: ['load'] });
      renderPhoneUi(<CtiBar />);
      await flush();
      // What the last CTI load or status push said, for the "not registered" message.
      let lastWord: 'loggedOut' | 'failed' = 'loggedOut';
      const load = async (outcome: { ok: unknown } | { fail: unknown }) => {
        await act(async () => void phone.cti.settle(['load'], outcome));
        await flush();
      };
      const push = async (exten_status: number, status: number) => {
        await act(async () => phone.connection.serverEmit('extension_status', { extension: '1001', exten_status, status }));
        await flush();
      };

      await path.test({
        events: {
          LOAD_LOGGED_IN: () => load({ ok: { status: 0, exten_status: 51 } }),
          LOAD_LOGGED_OUT: () => ((lastWord = 'loggedOut'), load({ ok: { status: 4, exten_status: 0 } })),
          LOAD_FAILED: () => ((lastWord = 'failed'), load({ fail: { status: 500, message: CTI_ERROR } })),
          SOCKET_UP: async () => (await act(async () => phone.connection.serverConnect()), flush()),
          SOCKET_DOWN: async () => (await act(async () => phone.connection.serverDisconnect()), flush()),
          STATUS_51: () => push(51, 0),
          STATUS_OTHER: () => ((lastWord = 'loggedOut'), push(0, 4)),
          RETRY: async () => {
            await act(async () => void fireEvent.click(screen.getByTestId('cti-registration-retry')));
            await flush();
          },
          TICK_10S: async ({ state }) => {
            const before = phone.connection.count('register');
            await flush(10_000);
            expect(phone.connection.count('register') - before).toBe(state.matches('registered') ? 1 : 0);
          },
        },
        states: {
          loading: () => {
            expect(registration()).toHaveAttribute('data-state', 'loading');
            expect(registration()).toHaveTextContent('Connecting…');
            expect(screen.queryByTestId('cti-registration-retry')).toBeNull();
          },
          registered: () => {
            expect(registration()).toHaveAttribute('data-state', 'registered');
            expect(registration()).toHaveTextContent('Registered');
            expect(screen.queryByTestId('cti-registration-message')).toBeNull();
            expect(screen.queryByTestId('cti-registration-retry')).toBeNull();
          },
          waiting: () => {
            expect(registration()).toHaveAttribute('data-state', 'waiting');
            expect(registration()).toHaveTextContent('Reconnecting…');
          },
          notRegistered: () => {
            expect(registration()).toHaveAttribute('data-state', 'notRegistered');
            expect(registration()).toHaveTextContent('Not registered');
            expect(screen.getByTestId('cti-registration-message')).toHaveTextContent(
              lastWord === 'failed' ? CTI_ERROR : 'CTI is not logged in.',
            );
            expect(screen.getByTestId('cti-registration-retry')).toBeEnabled();
          },
        },
      });
    });
  }
});
