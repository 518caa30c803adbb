import type { OpenPopupOutcome, OpenPopupRequest } from '../../machines/call/call.types';
import { openDialog } from '../popups/dialog-store';
import { buildPopupUrl, openPopup, type OpenPopupOptions, type OpenPopupResult } from '../popups/open-popup';
import { getPopupSpec, type PopupId } from '../popups/popup-table';

/** openPopup with the call's query as it is (the machine builds the inbound pop-up's query from the wire). */
const openLoose = openPopup as unknown as (id: PopupId, params?: Record<string, string>, options?: OpenPopupOptions) => OpenPopupResult;

/**
 * The call machine's `openPopup` actor. `mode` is the user's CTI pop-up mode (specification section 4), or
 * 'dialog' after a blocked window.
 *
 * - 'dialog': straight into the in-page dialog store (one dialog per URL, so a re-ring does not stack).
 * - 'window': the app's openPopup. It already falls back to a dialog when `window.open` returns null
 *   (no user activation: a socket event is not a click); we report that as 'blocked' so the statechart,
 *   the summary (`popupFallback`) and the tests see the fallback. The machine then asks for the dialog,
 *   which finds the one openPopup just opened.
 */
export function openCallPopup({ popupId, query, mode }: OpenPopupRequest): OpenPopupOutcome {
  if (mode === 'dialog') {
    const def = getPopupSpec(popupId);
    if (!def) throw new Error(`unknown pop-up ${popupId}`);
    const built = buildPopupUrl(def, query);
    openDialog({ popupId, params: built.params, query: built.query, url: built.url, quiet: true });
    return 'dialog';
  }
  const result = openLoose(popupId, query);
  return result.kind === 'window' ? 'window' : 'blocked';
}
