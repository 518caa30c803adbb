import { createContext, useContext } from 'react';

/**
 * How shared components reach the phone without importing the app (ui may not): the app provides
 * `dial` (click-to-call through the telephony root) where a phone exists; without a provider, phone
 * numbers are shown but not clickable.
 */
export interface PhoneDialer {
  /** Places a call to `number` (digits) from the user's extension. */
  dial: (number: string) => void;
  /** False without a phone (no extension, not registered) or without `cti_click_to_call`. */
  canDial: boolean;
}

export const PhoneDialContext = createContext<PhoneDialer | null>(null);

export function usePhoneDialer(): PhoneDialer | null {
  return useContext(PhoneDialContext);
}
