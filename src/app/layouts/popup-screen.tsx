import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { PopupDef } from '../popups/popup-types';
import { PopupContext, type PopupContextValue } from '../popups/popup-context';
import { ScreenInfoContext, type ScreenInfo } from '../../ui/feedback/screen-info';
import { PopupBody } from '../popups/popup-body';

/**
 * One pop-up route under /window: the registry's screen, loaded lazily, told its title and, through
 * PopupContext, its parameters, exactly as the in-page dialog host tells it (src/app/popups).
 */
export function PopupScreen({ def }: { def: PopupDef }) {
  const params = useParams();
  const [search] = useSearchParams();
  const info = useMemo<ScreenInfo>(() => ({ titleId: def.titleId, tabs: [] }), [def]);
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
    };
  }, [def, params, search]);

  return (
    <PopupContext value={popup}>
      <ScreenInfoContext value={info}>
        <PopupBody def={def} />
      </ScreenInfoContext>
    </PopupContext>
  );
}
