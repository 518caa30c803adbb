import { Outlet } from 'react-router-dom';
import { DocumentTitle } from './document-title';
import { PopupDialogHost } from '../popups/popup-dialog-host';

/**
 * A pop-up window: no sidebar, no header; the screen fills the window. The session comes from
 * localStorage like any page of this origin (the guard around it), so a pop-up never signs in again.
 * It hosts dialogs too, so a pop-up window can open dialog pop-ups of its own.
 */
export function PopupLayout() {
  return (
    <div data-testid="popup-layout" style={{ minHeight: '100vh' }}>
      <DocumentTitle />
      <Outlet />
      <PopupDialogHost />
    </div>
  );
}
