import { useSyncExternalStore } from 'react';
import type { CallView } from '../../machines/call/call.selectors';
import type { CtiPanel } from '../../shell/telephony/cti-commands';

/**
 * Which telephony dialogs of the main window are open. A store rather than component state because
 * the keyboard shortcuts open them too (use-telephony-shortcuts.ts), from outside the components that
 * draw them.
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

/** Where the CTI bar's commands (buttons and hotkeys alike) open their dialog. */
export function openBarPanel(panel: CtiPanel, call: CallView | null): void {
  switch (panel) {
    case 'transfer':
      if (call) setTelephonyUi({ transferCallId: call.callId });
      return;
    case 'dial-pad':
      setTelephonyUi({ dialPad: true });
      return;
    case 'forwarding':
      setTelephonyUi({ forwarding: true });
      return;
    case 'supervise':
      setTelephonyUi({ supervise: true });
      return;
    case 'help':
      setTelephonyUi({ help: true });
  }
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
