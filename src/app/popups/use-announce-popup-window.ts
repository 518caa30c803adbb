import { useEffect } from 'react';
import { postToMain } from '../../shell/popups/window-bridge';

/**
 * For the /window route of a pop-up: tells the main window it opened, and that it is closing (pagehide
 * fires on close and on navigation away, unlike unload which browsers may skip). The main window can use
 * it to track which pop-ups are up (e.g. one inbound window per call).
 */
export function useAnnouncePopupWindow(popupId: string): void {
  useEffect(() => {
    const url = `${window.location.pathname}${window.location.search}`;
    postToMain({ type: 'popup.opened', popupId, url });
    const onPageHide = () => postToMain({ type: 'popup.closed', popupId, url });
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [popupId]);
}
