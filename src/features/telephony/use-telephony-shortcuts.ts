import { useEffect, useRef } from 'react';
import { shallowEqual } from '@xstate/react';
import { sendCallCommand } from '../../shell/telephony/phone-commands';
import { selectCalls, selectIsRegistered } from '../../shell/telephony/phone-view.selectors';
import { usePhone } from '../../shell/telephony/use-phone';
import { findShortcut, type ShortcutContext } from './shortcuts';
import { setTelephonyUi } from './telephony-ui-store';

/** Installs the telephony shortcuts (shortcuts.ts) on the document while the CTI bar is shown. */
export function useTelephonyShortcuts(): void {
  const calls = usePhone(selectCalls, shallowEqual);
  const registered = usePhone(selectIsRegistered);
  const context = useRef<ShortcutContext | null>(null);
  context.current = {
    calls,
    registered,
    answer: (callId) => sendCallCommand(callId, { type: 'ANSWER' }),
    hangUp: (callId) => sendCallCommand(callId, { type: 'HANGUP' }),
    openTransfer: (callId) => setTelephonyUi({ transferCallId: callId }),
    openDialPad: () => setTelephonyUi({ dialPad: true }),
    openHelp: () => setTelephonyUi({ help: true }),
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const ctx = context.current;
      const shortcut = ctx && findShortcut(event, ctx);
      if (!shortcut || !ctx) return;
      event.preventDefault();
      shortcut.run(ctx);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
