import { fromPromise } from 'xstate';
import type { UserInfo } from '../../api/contracts/session.contract';
import type { CtiClient } from '../../api/cti/cti-client';
import { hasUserPermission } from '../../api/permissions/check';
import type { RealtimeConnection } from '../../api/realtime/socket';
import { agentStateMachine } from '../agent-state/agent-state.machine';
import { callMachine } from '../call/call.machine';
import type { OpenPopupOutcome, OpenPopupRequest } from '../call/call.types';
import { registrationMachine } from '../registration/registration.machine';
import { phoneMachine } from './phone.machine';
import type { PhoneSummary } from './phone.selectors';
import { createSocketLogic } from './socket.logic';

/** The CTI commands the phone uses (a `CtiClient` has them all; tests pass a fake). */
export type PhoneCti = Pick<
  CtiClient,
  | 'load'
  | 'dndOn'
  | 'dndOff'
  | 'transfer'
  | 'unTransfer'
  | 'checkTransfer'
  | 'dial'
  | 'clickToCall'
  | 'blindTransfer'
  | 'attendedTransfer'
  | 'listen'
  | 'whisper'
  | 'hangup'
  | 'hangupWithChannel'
  | 'answer'
  | 'oneTouchRecording'
>;

export interface PhoneDeps {
  cti: PhoneCti;
  /** Opens the app's socket, e.g. `() => connectSocket({ token: getToken })`. Called once per phone root. */
  connect: () => RealtimeConnection;
  /** `member/phone-number/{number}` → its memberCount. */
  lookupMembers: (phoneNumber: string, uniqueid: string | null) => Promise<{ memberCount: number; memberChosen?: boolean }>;
  /**
   * Opens a call pop-up as `request.mode` asks ('window' | 'dialog') and says what happened; 'blocked'
   * when a window was asked for and `window.open` returned null (the machine then asks for a dialog).
   */
  openPopup: (request: OpenPopupRequest) => OpenPopupOutcome | Promise<OpenPopupOutcome>;
  /** Posts the summary to pop-ups and follower tabs (the window bridge). */
  publish?: (summary: PhoneSummary) => void;
  /** Where unexpected child failures (bugs, not CTI errors) are logged. */
  reportError?: (error: unknown) => void;
  /** From the user: `phonePermissionsFor(userInfo)`. */
  permissions: { listen: boolean; whisper: boolean };
}

/** Listen and whisper are for managers, or users granted cti_listen / cti_whisper (specification section 6). */
export function phonePermissionsFor(userInfo: UserInfo | null | undefined): PhoneDeps['permissions'] {
  return { listen: hasUserPermission(userInfo, 'cti_listen'), whisper: hasUserPermission(userInfo, 'cti_whisper') };
}

/**
 * The phone root with every side effect wired to real implementations. The app creates it once per
 * signed-in leader tab: `createActor(providePhone(deps), { input: { extension, popupMode } }).start()`.
 */
export function providePhone(deps: PhoneDeps) {
  const { cti } = deps;
  return phoneMachine.provide({
    actors: {
      socket: createSocketLogic(deps.connect),
      registration: registrationMachine.provide({ actors: { ctiLoad: fromPromise(() => cti.load()) } }),
      agentState: agentStateMachine.provide({
        actors: {
          dndOn: fromPromise(({ input }) => cti.dndOn(input.option)),
          dndOff: fromPromise<unknown, void>(() => cti.dndOff()),
          setForwarding: fromPromise(({ input }) => cti.transfer(input.number)),
          removeForwarding: fromPromise<unknown, void>(() => cti.unTransfer()),
          checkForwarding: fromPromise(() => cti.checkTransfer()),
        },
      }),
      call: callMachine.provide({
        actors: {
          dial: fromPromise(({ input }) =>
            input.method === 'clickToCall' ? cti.clickToCall(input.number) : cti.dial(input.number),
          ),
          answer: fromPromise<unknown, void>(() => cti.answer()),
          hangUp: fromPromise(({ input }) => (input.channel ? cti.hangupWithChannel(input.channel) : cti.hangup())),
          blindTransfer: fromPromise(({ input }) => cti.blindTransfer(input.number)),
          attendedTransfer: fromPromise(({ input }) => cti.attendedTransfer(input.number)),
          toggleRecording: fromPromise(() => cti.oneTouchRecording()),
          lookupMembers: fromPromise(({ input }) => deps.lookupMembers(input.phoneNumber, input.uniqueid)),
          openPopup: fromPromise(async ({ input }) => deps.openPopup(input)),
        },
      }),
      listen: fromPromise(({ input }) => cti.listen(input.target)),
      whisper: fromPromise(({ input }) => cti.whisper(input.target)),
    },
    actions: {
      publish: (_, summary) => deps.publish?.(summary),
      reportChildError: (_, error) => deps.reportError?.(error),
    },
    guards: {
      canListen: () => deps.permissions.listen,
      canWhisper: () => deps.permissions.whisper,
    },
  });
}
