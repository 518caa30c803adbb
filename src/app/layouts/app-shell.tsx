import { Outlet } from 'react-router-dom';
import { AppHeader } from './app-header';
import { ImpersonationBanner } from './impersonation-banner';
import { Sidebar } from './sidebar';
import { DocumentTitle } from './document-title';
import { PopupDialogHost } from '../popups/popup-dialog-host';
import { useToastsFromPopupWindows } from '../../shell/popups/popup-toasts';
import { TelephonyProvider } from '../../shell/telephony/telephony-provider';
import { APP_TELEPHONY } from '../telephony/telephony-wiring';

/**
 * The signed-in frame: sidebar, header (with the CTI bar), the routed screen, and the one host for in-page
 * pop-up dialogs. TelephonyProvider starts the phone for the session and gives screens click-to-call.
 */
export function AppShell() {
  useToastsFromPopupWindows();
  return (
    <TelephonyProvider factory={APP_TELEPHONY}>
      <div data-testid="app-shell" style={{ display: 'flex', height: '100vh', overflow: 'hidden' }}>
        <DocumentTitle />
        <Sidebar />
        <div style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
          <ImpersonationBanner />
          <AppHeader />
          <main style={{ flex: 1, overflow: 'auto' }}>
            <Outlet />
          </main>
        </div>
        <PopupDialogHost />
      </div>
    </TelephonyProvider>
  );
}
