import { useCallback, useMemo, useSyncExternalStore, type CSSProperties } from 'react';
import { Classes, Dialog } from '@blueprintjs/core';
import { closeDialog, getDialogsSnapshot, subscribeDialogs, type OpenDialog } from '../../shell/popups/dialog-store';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { getPopup } from './registry';
import { PopupBody } from './popup-body';
import { ScreenInfoContext, type ScreenInfo } from '../../ui/feedback/screen-info';
import { useAskBeforeClosing } from '../../ui/forms/ask-before-closing';
import { UnsavedWorkContext, useUnsavedWork } from '../../ui/forms/unsaved-work';
import { useT } from '../../i18n/use-t';
import './popup-dialog.css';

/**
 * Renders every pop-up currently shown in-page (openPopup decided on a dialog). Mount once in the shell
 * (and in the pop-up layout, so a pop-up window can open dialog pop-ups of its own).
 */
export function PopupDialogHost() {
  const dialogs = useSyncExternalStore(subscribeDialogs, getDialogsSnapshot, getDialogsSnapshot);
  const shown = useMemo(() => withoutCallsBeingMatched(dialogs), [dialogs]);
  return (
    <>
      {shown.map((dialog, index) => (
        <PopupDialog key={dialog.key} dialog={dialog} index={index} />
      ))}
    </>
  );
}

/**
 * "If the phone lookup finds more than one member, the select-member pop-up opens instead" (specification
 * §4): while a call's select-member dialog is open, its inbound dialog waits behind it, unseen, and shows
 * once a member is chosen (or the choice is put off). The ring still opened it at once, so nothing waits
 * for the lookup when there is one member or none.
 */
function withoutCallsBeingMatched(dialogs: readonly OpenDialog[]): readonly OpenDialog[] {
  const matching = new Set(dialogs.filter((d) => d.popupId === 'inbound-select-member').map((d) => d.query.uniqueid));
  if (matching.size === 0) return dialogs;
  return dialogs.filter((d) => !(d.popupId === 'inbound' && matching.has(d.query.uniqueid)));
}

/** Each later pop-up sits this much further down and right, so one never hides another completely. */
const CASCADE_PX = 24;

/** The registered size and the cascade's offset, as the variables popup-dialog.css sizes the dialog with. */
function popupDialogStyle(width: number, height: number, index: number): CSSProperties {
  const offset = `${index * CASCADE_PX}px`;
  return { '--popup-width': `${width}px`, '--popup-height': `${height}px`, '--popup-offset': offset, margin: `${offset} 0 0 ${offset}` } as CSSProperties;
}

function PopupDialog({ dialog, index }: { dialog: OpenDialog; index: number }) {
  const t = useT();
  const def = getPopup(dialog.popupId);
  const unsaved = useUnsavedWork();
  const { current: currentWork } = unsaved;
  const key = dialog.key;
  const closeNow = useCallback(() => closeDialog(key), [key]);
  // Escape (even from inside a text area), × and the screen's own close button all come to `close`. The
  // work is read then, not when the context is made: a form that has just saved has withdrawn its own.
  const { close, question } = useAskBeforeClosing(currentWork, closeNow, 'popup_close.title');
  const popup = useMemo<PopupContextValue>(
    () => ({
      popupId: dialog.popupId,
      presentation: 'dialog',
      params: dialog.params,
      query: dialog.query,
      close,
      dismiss: () => {
        if (!currentWork()) closeNow();
      },
    }),
    [dialog, close, currentWork, closeNow],
  );
  const screenInfo = useMemo<ScreenInfo | null>(() => (def ? { titleId: def.titleId, tabs: [] } : null), [def]);
  if (!def || !screenInfo) return null;

  return (
    <>
      <Dialog
        isOpen
        onClose={popup.close}
        title={t(def.titleId)}
        // The same size the pop-up has as a window, so a screen looks the same either way; held within
        // the viewport below the CTI bar, less its place in the cascade (popup-dialog.css). A call pop-up
        // takes that whole height.
        className="popup-dialog"
        style={popupDialogStyle(def.width, def.height, index)}
        // A stray click beside an inbound-call form must not throw away what the agent typed.
        canOutsideClickClose={false}
        // It stands in for a window: the CTI bar, the page and the other pop-ups stay usable around it
        // (QA: a second call's pop-up hid the first one's and blocked the CTI bar), see popup-dialog.css.
        enforceFocus={false}
        autoFocus={!dialog.quiet}
        portalClassName="popup-dialog-portal"
      >
        <div className={`${Classes.DIALOG_BODY} popup-dialog-body`}>
          <PopupContext.Provider value={popup}>
            <ScreenInfoContext.Provider value={screenInfo}>
              <UnsavedWorkContext.Provider value={unsaved.report}>
                <PopupBody def={def} />
              </UnsavedWorkContext.Provider>
            </ScreenInfoContext.Provider>
          </PopupContext.Provider>
        </div>
      </Dialog>
      {question}
    </>
  );
}
