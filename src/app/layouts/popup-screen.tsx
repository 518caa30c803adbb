import { useMemo, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { PopupDef } from '../popups/registry';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { ScreenInfoContext, type ScreenInfo } from '../../ui/feedback/screen-info';
import { UnsavedWorkContext, useUnsavedWork } from '../../ui/forms/unsaved-work';
import { hasSession, useSessionPhase } from '../../shell/session/session-selectors';
import { PopupBody } from '../popups/popup-body';
import { useLeavePrompt } from '../popups/use-leave-prompt';

/**
 * One pop-up route under /window: the registry's screen, loaded lazily, told its title and, through
 * PopupContext, its parameters, exactly as the in-page dialog host tells it (src/app/popups). Closing
 * the window with unsaved work in it (a consultation being written) asks first, as the dialog does.
 */
export function PopupScreen({ def }: { def: PopupDef }) {
  const params = useParams();
  const [search] = useSearchParams();
  const info = useMemo<ScreenInfo>(() => ({ titleId: def.titleId, tabs: [] }), [def]);
  const unsaved = useUnsavedWork();
  const { current: currentWork } = unsaved;
  const popup = useMemo<PopupContextValue>(() => {
    const definedParams = Object.fromEntries(
      Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    return {
      popupId: def.id,
      presentation: 'window',
      params: { ...definedParams },
      query: { ...def.defaultQuery, ...Object.fromEntries(search) },
      close: () => window.close(),
      // Read when dismissing, not when the context is made: the work changes as the agent types.
      dismiss: () => {
        if (!currentWork()) window.close();
      },
    };
  }, [def, params, search, currentWork]);
  const phase = useSessionPhase();
  // The session's own reload after a token refresh must not wait on a question (the draft outlives
  // it), nor may sign-out, which closes the window.
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  useLeavePrompt(() => currentWork() !== null && hasSession(phaseRef.current) && phaseRef.current !== 'reloading');

  return (
    <PopupContext value={popup}>
      <ScreenInfoContext value={info}>
        <UnsavedWorkContext value={unsaved.report}>
          <PopupBody def={def} />
        </UnsavedWorkContext>
      </ScreenInfoContext>
    </PopupContext>
  );
}
