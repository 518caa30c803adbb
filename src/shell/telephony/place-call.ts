import type { DialMethod } from '../../machines/phone/phone.types';
import { hasUserPermission } from '../../api/permissions/check';
import { useUserInfo } from '../session/session-selectors';
import { openPopup } from '../popups/open-popup';
import { sendPhoneCommand } from './phone-commands';

/**
 * Places a call from the main window (click-to-call, the dial pad). A user with the outbound call
 * pop-up permission gets `outbound-popup/{number}`, which follows the call and holds its consultation;
 * the caller is a click, a user gesture, so the window is allowed. (The pop-ups' own dial forms are
 * already that screen, so they send DIAL themselves.)
 */
export function placeCall(number: string, method: DialMethod, withOutboundPopup: boolean): void {
  sendPhoneCommand({ type: 'DIAL', number, method });
  if (withOutboundPopup) openPopup('outbound-popup', { phoneNumber: number });
}

/** Whether the signed-in user's calls open the outbound pop-up (the `outbound_call_popup` permission). */
export function useWantsOutboundPopup(): boolean {
  return hasUserPermission(useUserInfo(), 'outbound_call_popup');
}
