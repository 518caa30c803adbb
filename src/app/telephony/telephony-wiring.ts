import type { UserInfo } from '../../api/contracts/session.contract';
import { createCtiClient } from '../../api/cti/cti-client';
import { lookupCallerMembers } from '../../api/members-lookup';
import { connectSessionSocket } from '../../api/realtime/socket';
import { getToken } from '../../api/storage';
import { phonePermissionsFor } from '../../machines/phone/provide-phone';
import { canOpenInspector } from '../../features/inspector/can-open-inspector';
import { getPopup } from '../popups/registry';
import { sessionActor } from '../../shell/session/session-actor';
import { refreshUserInfo } from '../session-user-refresh';
import { publishSummary } from '../../shell/telephony/bridge-glue';
import { openCallbackCallPopup } from '../../shell/telephony/callback-call-popup';
import { openCallPopup } from '../../shell/telephony/open-call-popup';
import { createTelephonyRoot, type TelephonyDeps, type TelephonyRoot } from '../../shell/telephony/telephony-root';
import type { TelephonyFactory } from '../../shell/telephony/telephony-lifecycle';
import { chosenMemberFor } from '../../shell/telephony/member-selection';

/** The real side effects of the phone for a signed-in user (docs/statecharts.md "Starting it from the app"). */
export function realTelephonyDeps(userInfo: UserInfo): TelephonyDeps {
  const cti = createCtiClient({
    baseUrl: userInfo.company?.cti_server ?? '/cti',
    extension: userInfo.extension ?? '',
    getToken,
    // The session machine refreshes the token (and reloads); the failed request is still rejected.
    on401: (failedToken) => sessionActor.send({ type: 'HTTP_401', failedToken }),
  });
  return {
    cti,
    // The token is read at every (re)connect: a captured one would have expired by then.
    connect: () => {
      const socket = connectSessionSocket();
      socket.on('user_updated', () => void refreshUserInfo());
      // An automatic callback calling through this phone: the outbound pop-up with the callback.
      socket.on('callback_call', (payload) => openCallbackCallPopup(payload));
      return socket;
    },
    lookupMembers: async (phone, uniqueid) => ({
      memberCount: (await lookupCallerMembers(phone)).memberCount,
      memberChosen: uniqueid !== null && chosenMemberFor(uniqueid) !== null,
    }),
    openPopup: openCallPopup,
    publish: publishSummary,
    reportError: (error) => console.error('telephony: a call actor failed', error),
    permissions: phonePermissionsFor(userInfo),
  };
}

/**
 * The call pop-ups' code is loaded when the phone starts, not at the first ring: a lazy chunk fetched
 * from a socket event cost about a second of screen pop on the first call (measured in Chromium).
 */
function prefetchCallPopups(): void {
  for (const id of ['inbound', 'inbound-select-member'] as const) void getPopup(id)?.screen().catch(() => undefined);
}

/**
 * The tree goes on the inspection bus only for users who can open the inspector (managers, admins, any
 * development build). The bus sanitises every event as it records it, and the phone's child-snapshot
 * events are deep: profiled in Chromium, that was ~400 ms of main thread around each ring, straight onto
 * the screen pop of agents who can never look at the log.
 */
export function createRealTelephony(userInfo: UserInfo): TelephonyRoot {
  prefetchCallPopups();
  return createTelephonyRoot(userInfo, realTelephonyDeps(userInfo), { inspect: canOpenInspector(userInfo, import.meta.env.DEV) });
}

/**
 * What the app shell gives TelephonyProvider. Under vitest no real phone starts by itself: jsdom would
 * open sockets and CTI requests to whatever listens on localhost. Tests that want one pass their factory.
 */
export const APP_TELEPHONY: TelephonyFactory | null = import.meta.env.MODE === 'test' ? null : createRealTelephony;
