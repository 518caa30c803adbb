import { useSyncExternalStore } from 'react';

/**
 * Which telephony dialogs of the main window are open. A store rather than component state because
 * the keyboard shortcuts open them too (shortcuts.ts), from outside the components that draw them.
 */
export interface TelephonyUiState {
  dialPad: boolean;
  forwarding: boolean;
  supervise: boolean;
  help: boolean;
  /** The call whose transfer form is open. */
  transferCallId: string | null;
}

const CLOSED: TelephonyUiState = { dialPad: false, forwarding: false, supervise: false, help: false, transferCallId: null };

let state: TelephonyUiState = CLOSED;
const listeners = new Set<() => void>();

export function setTelephonyUi(patch: Partial<TelephonyUiState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

export function resetTelephonyUi(): void {
  setTelephonyUi(CLOSED);
}

export function getTelephonyUi(): TelephonyUiState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTelephonyUi<T>(select: (s: TelephonyUiState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state), () => select(state));
}
