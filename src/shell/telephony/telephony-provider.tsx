import { useEffect, useMemo, type ReactNode } from 'react';
import { hasUserPermission } from '../../api/permissions/check';
import { PhoneDialContext, type PhoneDialer } from '../../ui/telephony/phone-dial-context';
import { useUserInfo } from '../session/session-selectors';
import { placeCall, useWantsOutboundPopup } from './place-call';
import { selectIsRegistered, selectLineBusy } from './phone-view.selectors';
import { followSession, type TelephonyFactory } from './telephony-lifecycle';
import { usePhone } from './use-phone';

export interface TelephonyProviderProps {
  children: ReactNode;
  /**
   * Builds the root for a user: the app passes its real wiring (src/app/telephony/telephony-wiring.ts),
   * tests their fakes or null (no phone).
   */
  factory: TelephonyFactory | null;
}

/**
 * Mounted once in the app shell: makes the telephony root follow the session, and gives every screen
 * click-to-call (`PhoneNumberLink` in src/ui/telephony) through the phone.
 */
export function TelephonyProvider({ children, factory }: TelephonyProviderProps) {
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
