import { Intent } from '@blueprintjs/core';
import { useCallback, useRef, useState, type ReactElement } from 'react';
import type { MessageId } from '../../i18n/message-ids';
import { ConfirmDialog } from '../resource/confirm-dialog';
import { TYPING_LOST, type UnsavedWork } from './unsaved-work';

/**
 * Closing something that holds a form (a pop-up, a list's add/edit dialog): `close` closes at once when
 * nothing is unsaved, else asks `question` first, worded by the unsaved work. Render `question` beside
 * what it closes, not inside it, so Escape in the question does not reach the other; it stays mounted
 * and closes rather than vanishing, so focus goes back into the form when the answer is "stay".
 */
export function useAskBeforeClosing(
  currentWork: () => UnsavedWork | null,
  onClose: () => void,
  titleId: MessageId,
): { close: () => void; question: ReactElement } {
  const [asking, setAsking] = useState<UnsavedWork | null>(null);
  // What the question said, while it closes.
  const lastAsked = useRef<UnsavedWork | null>(null);
  if (asking) lastAsked.current = asking;
  const close = useCallback(() => {
    const work = currentWork();
    if (work) setAsking(work);
    else onClose();
  }, [currentWork, onClose]);
  const question = (
    <ConfirmDialog
      isOpen={asking !== null}
      titleId={titleId}
      messageId={(asking ?? lastAsked.current ?? TYPING_LOST).messageId}
      confirmTextId="common.close"
      intent={Intent.WARNING}
      onConfirm={() => {
        setAsking(null);
        onClose();
      }}
      onCancel={() => setAsking(null)}
    />
  );
  return { close, question };
}
