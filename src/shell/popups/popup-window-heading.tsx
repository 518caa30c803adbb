import { H4 } from '@blueprintjs/core';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { usePopup } from './popup-context';

/**
 * What a dialog's title bar says, for the same pop-up opened as a window: a window's own title bar is
 * the browser's, easy to lose among others (QA: a view-consultation window said nothing of what it
 * showed). Nothing in a dialog, which has its title already.
 */
export function PopupWindowHeading({ titleId, subject }: { titleId: MessageId; subject?: string }) {
  const t = useT();
  if (usePopup()?.presentation !== 'window') return null;
  return (
    <H4 data-testid="popup-window-heading" style={{ margin: '0 0 12px' }}>
      {t(titleId)}
      {subject ? ` · ${subject}` : ''}
    </H4>
  );
}
