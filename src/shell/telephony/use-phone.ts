import { useEffect, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { attachPopupFeed } from './bridge-glue';
import { phoneView, type PhoneViewSnapshot } from './phone-view';
import { telephonyRootStore } from './telephony-lifecycle';

/**
 * `usePhone(selectX)` reads this window's phone view (phone-view.ts). Pass `shallowEqual` from
 * @xstate/react for selectors that return objects.
 */
export function usePhone<T>(selector: (snapshot: PhoneViewSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(phoneView, selector, compare);
}

/** The tab-leader root of this main window, or null (signed out, no extension, a pop-up window). */
export function useTelephonyRoot() {
  return useSyncExternalStore(telephonyRootStore.subscribe, telephonyRootStore.getSnapshot, telephonyRootStore.getSnapshot);
}

/** True when the phone actor of this (leader) tab crashed; the UI then offers RESTART_PHONE. */
export function usePhoneFailed(): boolean {
  const root = useTelephonyRoot();
  return useSelector(root ?? undefined, (snapshot) => snapshot?.matches({ leader: 'phoneFailed' }) ?? false);
}

/** In a pop-up window: start hearing the leader's summaries (no-op in main windows). */
export function usePopupTelephonyFeed(): void {
  useEffect(() => attachPopupFeed(), []);
}
