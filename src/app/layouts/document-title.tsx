import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { useT } from '../../i18n/use-t';
import { isMessageId } from '../../i18n/message-ids';

/** Sets `<title>` from the deepest matched route that names a title (RouteHandle.titleId). */
export function DocumentTitle() {
  const t = useT();
  const matches = useMatches();
  const titleId = [...matches]
    .reverse()
    .map((match) => (match.handle as { titleId?: unknown } | undefined)?.titleId)
    .find((id): id is string => typeof id === 'string');

  useEffect(() => {
    const appName = t('app.name');
    document.title = titleId && isMessageId(titleId) ? `${t(titleId)} · ${appName}` : appName;
  }, [t, titleId]);
  return null;
}
