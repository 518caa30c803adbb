import type { DialogProps } from '@blueprintjs/core';
import { useRef } from 'react';
import { captureFocus } from './focus-return';

export type DialogFocusProps = Required<Pick<DialogProps, 'onOpening' | 'onClosed' | 'shouldReturnFocusOnClose'>>;

/**
 * Focus for a Blueprint Dialog, spread onto it: where focus starts when it opens and where it goes back
 * to when it has closed (see focus-return.ts). Blueprint alone starts on its focus-trap element, where
 * Enter does nothing, and returns focus to an opener that may no longer exist.
 *
 * @param initialFocus focuses the element to start on, given the dialog's container (e.g.
 *   `focusFirstField`); without it, or when it focuses nothing, Blueprint's default stays.
 */
export function useDialogFocus(initialFocus?: (container: HTMLElement) => unknown): DialogFocusProps {
  const restore = useRef<ReturnType<typeof captureFocus> | null>(null);
  return {
    // Ours instead: Blueprint's would run first and could land on a removed element.
    shouldReturnFocusOnClose: false,
    // Opening starts in the commit that mounts the dialog, before Blueprint moves focus (a frame later)
    // and before the user can type, so nothing typed goes astray.
    onOpening: (container) => {
      restore.current = captureFocus();
      initialFocus?.(container);
    },
    onClosed: (container) => {
      restore.current?.(container);
      restore.current = null;
    },
  };
}
