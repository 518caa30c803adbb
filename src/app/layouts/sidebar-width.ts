import { getVerticalNavMenuWidth, setVerticalNavMenuWidth } from '../../api/storage';

/**
 * The sidebar's expanded width, persisted in `verticalNavMenuWidth` (specification section 3). The
 * sidebar always starts collapsed (section 1); expanding it opens it at the width the user last chose.
 */
export const SIDEBAR_COLLAPSED_WIDTH = 56;
export const SIDEBAR_DEFAULT_WIDTH = 240;
export const SIDEBAR_MIN_WIDTH = 180;
export const SIDEBAR_MAX_WIDTH = 420;
/** Keyboard resize step (arrow keys on the resize handle). */
export const SIDEBAR_RESIZE_STEP = 16;

export function clampSidebarWidth(width: number): number {
  return Math.round(Math.min(SIDEBAR_MAX_WIDTH, Math.max(SIDEBAR_MIN_WIDTH, width)));
}

export function readSidebarWidth(): number {
  const stored = getVerticalNavMenuWidth();
  return stored === null ? SIDEBAR_DEFAULT_WIDTH : clampSidebarWidth(stored);
}

export function saveSidebarWidth(width: number): void {
  setVerticalNavMenuWidth(clampSidebarWidth(width));
}
