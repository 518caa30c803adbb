import { AnchorButton, Tooltip } from '@blueprintjs/core';
import { useSyncExternalStore } from 'react';
import { useT } from '../../i18n/use-t';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine;

/**
 * "Open in Stately inspector", kept honest: Stately's inspector UI is the stately.ai web app, reached
 * through `createBrowserInspector` from @statelyai/inspect, and that package is not part of this build
 * (docs/inspector.md says how to add it). So the button is always disabled, and its tooltip says why,
 * including when the browser is offline as well. The in-page graph needs neither.
 */
export function StatelyButton() {
  const t = useT();
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const reason = online
    ? t('inspector.stately.unavailable')
    : `${t('inspector.stately.unavailable')} ${t('inspector.stately.offline')}`;
  return (
    <Tooltip content={<div style={{ maxWidth: 320 }}>{reason}</div>} placement="bottom-end">
      {/* AnchorButton: a disabled <button> swallows the pointer events the tooltip needs. */}
      <AnchorButton icon="share" disabled text={t('inspector.stately.open')} data-testid="inspector-stately" />
    </Tooltip>
  );
}
