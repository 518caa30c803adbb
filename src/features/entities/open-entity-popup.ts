import { openPopup } from '../../shell/popups/open-popup';
import { getPopupSpec, type PopupId } from '../../shell/popups/popup-table';

/**
 * Opens a pop-up an entity names in its `screens.popups` (ids are data there, so not typed as PopupId);
 * false when the table has no such pop-up, so the list falls back to its own dialog.
 */
export function openEntityPopup(id: string | undefined, params: Record<string, string | number> = {}): boolean {
  if (!id || !getPopupSpec(id)) return false;
  (openPopup as (id: PopupId, params?: Record<string, string | number>) => unknown)(id as PopupId, params);
  return true;
}

/** Whether the pop-up table holds this id. */
export const hasPopup = (id: string | undefined): id is string => Boolean(id && getPopupSpec(id));
