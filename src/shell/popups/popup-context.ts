import { createContext, useContext } from 'react';

/**
 * What a pop-up screen knows about how it was opened, the same whether it is a window or an in-page
 * dialog: a dialog is not a route, so useParams/useSearchParams cannot serve both. The dialog host
 * provides it; the /window route layout can provide it too (presentation 'window', close = window.close).
 */
export interface PopupContextValue {
  popupId: string;
  presentation: 'window' | 'dialog';
  /** Path parameters as strings, e.g. `{ id: '42' }`. */
  params: Readonly<Record<string, string>>;
  /** Query parameters as strings, e.g. `{ phone_no: '0105…', title: '전화 수신 시간' }`. */
  query: Readonly<Record<string, string>>;
  /** Closes the dialog, or the window (asking first when a form in it holds unsaved work). */
  close: () => void;
  /**
   * Closes it on the user's behalf (a call that only rang here is over), unless a form in it holds
   * unsaved work: then it stays, and nothing is asked.
   */
  dismiss?: () => void;
}

export const PopupContext = createContext<PopupContextValue | null>(null);

/** null outside a pop-up. */
export function usePopup(): PopupContextValue | null {
  return useContext(PopupContext);
}
