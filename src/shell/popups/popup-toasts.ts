import { useEffect } from 'react';
import { showToast } from '../../ui/feedback/toaster';
import type { PopupContextValue } from './popup-context';
import { windowBridge } from './window-bridge';

/**
 * A form pop-up that closes itself once saved says so where the user will look next: a dialog shows the
 * confirmation on the page; a window, which is about to close, hands it to the main window (QA: saving
 * in the add-user window closed it without a word, and the new user went onto the list's last page).
 */
export function closeAfterSaving(popup: PopupContextValue | null, message: string): void {
  if (popup?.presentation === 'window') windowBridge().postToMain({ type: 'popup.saved', message });
  else void showToast(message);
  popup?.close();
}

/** The main window shows the confirmations of pop-up windows that closed after saving. Mount once in the shell. */
export function useToastsFromPopupWindows(): void {
  useEffect(() => {
    const bridge = windowBridge();
    if (bridge.role !== 'main') return;
    return bridge.subscribe((message) => {
      if (message.type === 'popup.saved') void showToast(message.message);
    });
  }, []);
}
