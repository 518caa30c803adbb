import { useEffect, useMemo, type ReactNode } from 'react';
import { hasUserPermission } from '../../api/permissions/check';
import { PhoneDialContext, type PhoneDialer } from '../../ui/telephony/phone-dial-context';
import { useUserInfo } from '../guards/session-selectors';
import { placeCall, useWantsOutboundPopup } from './place-call';
import { selectIsRegistered, selectLineBusy } from './phone-view.selectors';
import { followSession, type TelephonyFactory } from './telephony-lifecycle';
import { createRealTelephony } from './telephony-wiring';
import { usePhone } from './use-phone';

/**
 * Under vitest no real phone starts by itself: jsdom would open sockets and CTI requests to whatever
 * listens on localhost. Tests that want one call `followSession(theirFactory)` with fakes.
 */
const DEFAULT_FACTORY: TelephonyFactory | null = import.meta.env.MODE === 'test' ? null : createRealTelephony;

export interface TelephonyProviderProps {
  children: ReactNode;
  /** Builds the root for a user. @default the real wiring (none under vitest) */
  factory?: TelephonyFactory | null;
}

/**
 * Mounted once in the app shell: makes the telephony root follow the session, and gives every screen
 * click-to-call (`PhoneNumberLink` in src/ui/telephony) through the phone.
 */
export function TelephonyProvider({ children, factory = DEFAULT_FACTORY }: TelephonyProviderProps) {
  const userInfo = useUserInfo();
  const registered = usePhone(selectIsRegistered);
  const lineBusy = usePhone(selectLineBusy);

  useEffect(() => {
    if (factory) followSession(factory);
  }, [factory]);

  const mayClickToCall = hasUserPermission(userInfo, 'cti_click_to_call');
  const wantsOutboundPopup = useWantsOutboundPopup();
  const dialer = useMemo<PhoneDialer>(
    () => ({
      canDial: registered && mayClickToCall && !lineBusy,
      dial: (number) => placeCall(number, 'clickToCall', wantsOutboundPopup),
    }),
    [registered, mayClickToCall, lineBusy, wantsOutboundPopup],
  );

  return <PhoneDialContext value={dialer}>{children}</PhoneDialContext>;
}
