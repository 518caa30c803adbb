import { createContext, useContext } from 'react';
import type { MessageId } from '../../i18n/message-ids';

/**
 * What the router tells a screen about itself: its title and, for a section, its child tabs.
 * Screens are loaded without props (`screen: () => import(...)`), so this context is how a shared screen
 * (NotAvailableYet, SectionFrame) learns which feature it stands for.
 */
export interface ScreenTab {
  /** Absolute path of the child route. */
  path: string;
  titleId: MessageId;
}

export interface ScreenInfo {
  titleId: MessageId;
  tabs: readonly ScreenTab[];
}

export const ScreenInfoContext = createContext<ScreenInfo | null>(null);

export function useScreenInfo(): ScreenInfo | null {
  return useContext(ScreenInfoContext);
}
