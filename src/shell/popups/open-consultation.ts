import { openPopup } from './open-popup';

/** The view-consultation pop-up addresses a consultation under its member (0: none), as §2 names it. */
export const consultationPopupParams = (c: { id: number; member_id: number | null }) => ({ id: c.member_id ?? 0, consultationId: c.id });

/** A consultation in the view-consultation pop-up (a call pop-up's history, the call log). */
export const openConsultation = (c: { id: number; member_id: number | null }) => void openPopup('view-consultation', consultationPopupParams(c));
