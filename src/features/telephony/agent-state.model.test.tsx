import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { AnyActorRef, StateValue } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { stopTelephony } from '../../shell/telephony/telephony-lifecycle';
import { CTI_FAIL, CTI_OK, type PendingRequest } from '../../shell/telephony/testing/controlled-cti';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi, startTestPhone } from '../../shell/telephony/testing/phone-harness';
import type { AgentStatusName } from '../../api/cti/status-codes';
import { AGENT_STATE_SPEC_EVENTS, agentStateSpecMachine, type AgentStateSpecEvent } from '../../machines/agent-state/agent-state.spec-machine';
import { AGENT_STATE_BUTTONS } from './agent-state-toggles';
import { CtiBar } from './cti-bar';

/**
 * Model-based test (issue 3 item 7): the agent-state spec (status + DND) drives the real CTI bar —
 * the toggles, the confirmation dialog, the DND switch — on a real telephony root. The CTI server's
 * answers are the spec's *_OK / *_FAIL events; LOADED is what the registration actor tells the agent
 * state after a CTI load, so the test plays the registration actor for it.
 */
vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

// Same model as the machine's own spec test: one path per spec state (value + context).
const paths = createTestModel(agentStateSpecMachine, {
  events: AGENT_STATE_SPEC_EVENTS,
  filterEvents: (s, e) => s.can(e),
  serializeState: (s) => JSON.stringify([s.value, s.context]),
}).getShortestPaths();

/** Dialog transitions take 300 ms; every step waits for them so "closed" really means gone. */
const SETTLE_MS = 500;
const testIdOf = (state: AgentStatusName) => AGENT_STATE_BUTTONS.find((b) => b.state === state)!.testId;

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  cleanup();
  stopTelephony();
  vi.useRealTimers();
  await signOut();
});

describe(`agent-state model: ${paths.length} shortest paths through the CTI bar`, () => {
  for (const path of paths) {
    it(path.description, async () => {
      await signInAs(makeUserInfo());
      const phone = startTestPhone({ manual: ['dndOn', 'dndOff'] });
      renderPhoneUi(<CtiBar />);
      await act(async () => phone.connection.serverConnect());
      await flush(SETTLE_MS);

      // dndOff serves both regions; remember which click started which request.
      let statusRequest: PendingRequest | null = null;
      let dndRequest: PendingRequest | null = null;
      const clickStarting = async (testId: string): Promise<PendingRequest | null> => {
        const before = new Set(phone.cti.pending);
        await act(async () => void fireEvent.click(screen.getByTestId(testId)));
        await flush(SETTLE_MS);
        return phone.cti.pending.find((p) => !before.has(p)) ?? null;
      };
      const click = async (testId: string) => {
        await act(async () => void fireEvent.click(screen.getByTestId(testId)));
        await flush(SETTLE_MS);
      };
      const answer = async (request: PendingRequest | null, outcome: typeof CTI_OK | typeof CTI_FAIL) => {
        expect(request).not.toBeNull();
        await act(async () => void phone.cti.settle(['dndOn', 'dndOff'], outcome, (p) => p === request));
        await flush(SETTLE_MS);
      };

      await path.test({
        events: {
          REQUEST: ({ event }) => click(testIdOf((event as Extract<AgentStateSpecEvent, { type: 'REQUEST' }>).state)),
          CONFIRM: async () => void (statusRequest = await clickStarting('agent-state-confirm')),
          CANCEL: () => click('agent-state-cancel'),
          STATUS_OK: () => answer(statusRequest, CTI_OK),
          STATUS_FAIL: () => answer(statusRequest, CTI_FAIL),
          LOADED: async ({ event }) => {
            const agentState = phone.root.system.get('agentState') as AnyActorRef;
            await act(async () => agentState.send(event as Extract<AgentStateSpecEvent, { type: 'LOADED' }>));
            await flush(SETTLE_MS);
          },
          DND_ON: async () => void (dndRequest = await clickStarting('dnd-toggle')),
          DND_OFF: async () => void (dndRequest = await clickStarting('dnd-toggle')),
          DND_OK: () => answer(dndRequest, CTI_OK),
          DND_FAIL: () => answer(dndRequest, CTI_FAIL),
        },
        states: {
          '*': (spec) => {
            const value = spec.value as Record<string, StateValue>;
            const status = String(value.status);
            const dnd = String(value.dnd);
            // The pressed toggle is the settled state, also while asking or applying.
            for (const b of AGENT_STATE_BUTTONS) {
              expect(screen.getByTestId(b.testId)).toHaveAttribute('aria-pressed', String(spec.context.settled === b.settled));
              expect(screen.getByTestId(b.testId)).toHaveProperty('disabled', status === 'confirming' || status === 'applying');
            }
            const dialog = screen.queryByTestId('agent-state-dialog');
            if (status === 'confirming' || status === 'applying') {
              expect(dialog).toHaveAttribute('data-state', spec.context.pending!.state);
              expect(dialog).toHaveAttribute('data-action', spec.context.pending!.action);
              expect(screen.getByTestId('agent-state-confirm')).toHaveProperty('disabled', status === 'applying');
            } else {
              expect(dialog).toBeNull();
            }
            const toggle = screen.getByTestId('dnd-toggle');
            expect(toggle).toHaveProperty('checked', dnd === 'on' || dnd === 'turningOn');
            expect(toggle).toHaveProperty('disabled', dnd === 'turningOn' || dnd === 'turningOff');
          },
        },
      });
    });
  }
});
