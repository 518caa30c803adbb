import type { UserInfo } from '../../api/contracts/session.contract';
import { createCtiClient } from '../../api/cti/cti-client';
import { lookupCallerMembers } from '../../api/members-lookup';
import { connectSocket } from '../../api/realtime/socket';
import { getToken } from '../../api/storage';
import { phonePermissionsFor } from '../../machines/phone/provide-phone';
import { sessionActor } from '../session-actor';
import { publishSummary } from './bridge-glue';
import { openCallPopup } from './open-call-popup';
import { createTelephonyRoot, type TelephonyDeps, type TelephonyRoot } from './telephony-root';

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
    connect: () => connectSocket({ token: getToken }),
    lookupMembers: async (phone) => ({ memberCount: (await lookupCallerMembers(phone)).memberCount }),
    openPopup: openCallPopup,
    publish: publishSummary,
    reportError: (error) => console.error('telephony: a call actor failed', error),
    permissions: phonePermissionsFor(userInfo),
  };
}

export function createRealTelephony(userInfo: UserInfo): TelephonyRoot {
  return createTelephonyRoot(userInfo, realTelephonyDeps(userInfo));
}
