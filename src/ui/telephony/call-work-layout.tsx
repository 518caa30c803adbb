import { Card } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import './call-work-layout.css';

export interface CallWorkLayoutProps {
  /** The pop-up's test id, on the layout's root (`inbound-popup`, `outbound-member-popup`). */
  testId: string;
  /** `data-*` attributes of the root, e.g. `{ 'data-uniqueid': '171.2' }`. */
  data?: Readonly<Record<`data-${string}`, string>>;
  /** How the pop-up is shown: a window fills the window; a dialog fills its body (popup-dialog.css). */
  presentation: 'window' | 'dialog';
  /** Who the call is with and what happened before: the caller, the call's controls, the member card, the history. */
  side: ReactNode;
  /** The consultation form; its Save bar sticks to the bottom of this column. Absent: the side takes the room. */
  children?: ReactNode;
}

/**
 * The call pop-ups' frame (inbound, outbound; QA: a 1,360-px-wide form under the caller put Save below
 * the fold of a 600-px pop-up while the screen below it stayed empty). The pop-up's own width decides
 * (a container query, so a dialog, a window and a narrow screen all follow it): from 1,100 px the caller
 * and history sit beside the consultation form, each column scrolling by itself; narrower, they stack,
 * the caller's part held to at most 45% of the height. Either way the form scrolls inside its own card
 * and its Save stays at the card's bottom, in sight.
 */
export function CallWorkLayout({ testId, data, presentation, side, children }: CallWorkLayoutProps) {
  return (
    <div className="call-work" data-testid={testId} data-presentation={presentation} {...data}>
      <div className="call-work__grid" data-columns={children ? 2 : 1}>
        <div className="call-work__side" data-testid="call-work-side">
          {side}
        </div>
        {children && (
          <Card compact className="call-work__main" data-testid="call-work-main">
            {children}
          </Card>
        )}
      </div>
    </div>
  );
}
