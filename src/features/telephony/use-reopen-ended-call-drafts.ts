import { useEffect, useRef } from 'react';
import { listDrafts } from '../../api/form-drafts';
import { openCallPopup } from '../../shell/telephony/open-call-popup';
import { selectCalls, selectIsRegistered, selectRole } from '../../shell/telephony/phone-view.selectors';
import { usePhone } from '../../shell/telephony/use-phone';

/** The calls still on the PBX are sent again just after registering (docs/cti-api.md); this is after them. */
export const REOPEN_DRAFTS_AFTER_MS = 2_000;
/** The latest few: a pile of pop-ups would bury the CTI bar. */
const MAX_REOPENED = 3;

/**
 * A consultation typed in an inbound call's pop-up is kept as a draft; when the call ended while the page
 * was reloading (or the pop-up was closed unsaved), nothing on screen led back to it (QA). Once per page,
 * in the tab that holds the phone, shortly after it registers: the inbound pop-up of each such call opens
 * again as a quiet dialog, where the form restores the draft ("Call ended" above it) to save or discard.
 */
export function useReopenEndedCallDrafts(extension: string): void {
  const role = usePhone(selectRole);
  const registered = usePhone(selectIsRegistered);
  const calls = usePhone(selectCalls);
  const latestCalls = useRef(calls);
  const done = useRef(false);
  useEffect(() => {
    latestCalls.current = calls;
  }, [calls]);
  useEffect(() => {
    if (done.current || role !== 'leader' || !registered) return;
    const timer = setTimeout(() => {
      done.current = true;
      const live = new Set(latestCalls.current.map((call) => call.uniqueid));
      const ended = listDrafts('consultation')
        .filter(({ id, draft }) => !live.has(id) && draft.about?.direction === 'inbound' && !!draft.about.phone_no)
        .sort((a, b) => b.draft.savedAt - a.draft.savedAt)
        .slice(0, MAX_REOPENED);
      for (const { id, draft } of ended) {
        openCallPopup({ popupId: 'inbound', query: { phone_no: draft.about?.phone_no ?? '', ext_no: extension, uniqueid: id, modal_id: id }, mode: 'dialog' });
      }
    }, REOPEN_DRAFTS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [role, registered, extension]);
}
