import { openDialog } from '../popups/dialog-store';
import { buildPopupUrl } from '../popups/open-popup';
import { getPopupSpec } from '../popups/popup-table';

/**
 * An automatic callback try is calling through this user's phone (`callback_call`, docs/calls.md
 * "Automatic callbacks"): the outbound pop-up for the number, with the callback's strip, as the callback
 * list's "Call back" opens it. A socket event is no click, so a window would be blocked: it opens as a
 * quiet dialog (the focus stays where the agent is typing), like a ring's pop-up after a blocked window.
 */
export function openCallbackCallPopup(payload: { callback_id?: unknown; phone_number?: unknown } | undefined): void {
  const callbackId = Number(payload?.callback_id);
  const phoneNumber = typeof payload?.phone_number === 'string' ? payload.phone_number : '';
  const spec = getPopupSpec('outbound-popup');
  if (!spec || !Number.isInteger(callbackId) || callbackId <= 0 || !/^\d{1,20}$/.test(phoneNumber)) return;
  const built = buildPopupUrl(spec, { phoneNumber, callback_id: String(callbackId) });
  openDialog({ popupId: 'outbound-popup', params: built.params, query: built.query, url: built.url, quiet: true });
}
