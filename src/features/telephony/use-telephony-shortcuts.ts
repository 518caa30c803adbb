import { useEffect, useRef } from 'react';
import { useUserInfo } from '../../shell/session/session-selectors';
import { runCtiCommand } from '../../shell/telephony/phone-commands';
import { phoneView } from '../../shell/telephony/phone-view';
import { findShortcut } from './shortcuts';
import { openBarPanel } from './telephony-ui-store';

/**
 * Installs the CTI commands' hotkeys (shortcuts.ts) on the document while the CTI bar is shown. The
 * phone is read at the key press, not subscribed to: the bar need not re-render for every change.
 */
export function useTelephonyShortcuts(): void {
  const userInfo = useUserInfo();
  const user = useRef(userInfo);
  user.current = userInfo;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = findShortcut(event, user.current, phoneView.getSnapshot().context.summary);
      if (!shortcut) return;
      event.preventDefault();
      runCtiCommand(shortcut.command, shortcut.call, openBarPanel);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
