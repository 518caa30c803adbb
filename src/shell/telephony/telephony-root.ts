import { createActor, fromCallback, fromPromise, type AnyActorLogic } from 'xstate';
import type { UserInfo } from '../../api/contracts/session.contract';
import type { CtiClient } from '../../api/cti/cti-client';
import type { callMachine } from '../../machines/call/call.machine';
import { providePhone, type PhoneDeps } from '../../machines/phone/provide-phone';
import type { ElectionEvent } from '../../machines/tab-leader/election.logic';
import { createTabElection } from '../../machines/tab-leader/election.logic';
import { tabLeaderMachine } from '../../machines/tab-leader/tab-leader.machine';
import { inspectionBus } from '../inspection/inspection-bus';
import { ctiPopupMode } from '../popups/cti-popup-mode';
import { followLeaderLogic, forwardToLeader, leaderInboxLogic } from './bridge-glue';

/** What the phone needs, plus hold/unhold when the CTI client offers them (the built-in server does). */
export type TelephonyDeps = PhoneDeps & { cti: PhoneDeps['cti'] & Partial<Pick<CtiClient, 'hold' | 'unhold'>> };

export interface TelephonyRootOptions {
  /** The tab election; by default Web Locks per user (one tab per user owns the phone). */
  election?: AnyActorLogic;
  /** Record the tree on the inspection bus. @default true */
  inspect?: boolean;
}

/** Every tab wins at once: for tests and for browsers that can elect nothing. */
export const singleTabElection = fromCallback(({ sendBack }) => {
  sendBack({ type: 'election.won' } satisfies ElectionEvent);
});

/**
 * CONTRACT §7 has no hold command, so the call machine leaves HOLD/UNHOLD off (`canHold` false). The
 * built-in CTI server has `hold`/`unhold` (docs/cti-api.md), so with a client that has them the buttons
 * work; legacy-http answers 501 and the call shows "This telephony server cannot do that".
 */
function withHold(phone: ReturnType<typeof providePhone>, cti: TelephonyDeps['cti']) {
  const { hold, unhold } = cti;
  if (!hold || !unhold) return phone;
  const call = phone.implementations.actors.call as typeof callMachine;
  return phone.provide({
    actors: {
      call: call.provide({
        actors: { hold: fromPromise<unknown, void>(() => hold()), unhold: fromPromise<unknown, void>(() => unhold()) },
        guards: { canHold: () => true },
      }),
    },
  });
}

/**
 * The telephony root of one signed-in main window: the tab-leader machine with the phone (socket,
 * registration, agent state, calls) wired to `deps`. Created stopped; the lifecycle starts it.
 * `inspect` puts the whole tree on the inspection bus (docs/inspector.md).
 */
export function createTelephonyRoot(userInfo: UserInfo, deps: TelephonyDeps, options: TelephonyRootOptions = {}) {
  const extension = userInfo.extension;
  if (!extension) throw new Error('the telephony root needs an extension');
  const logic = tabLeaderMachine.provide({
    actors: {
      election: options.election ?? createTabElection(`callcentre-phone:${userInfo.user.id}`),
      phone: withHold(providePhone(deps), deps.cti),
      followLeader: followLeaderLogic,
      leaderInbox: leaderInboxLogic,
    },
    actions: { forwardToLeader: (_, command) => forwardToLeader(command) },
  });
  return createActor(logic, {
    id: 'telephony',
    ...(options.inspect === false ? {} : { inspect: inspectionBus.observe }),
    input: { phone: { extension, popupMode: ctiPopupMode(userInfo) } },
  });
}

export type TelephonyRoot = ReturnType<typeof createTelephonyRoot>;
