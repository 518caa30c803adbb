import { useEffect, useState, type ComponentType } from 'react';
import { ChunkLoadTimeoutError, loadedScreen, loadScreen, type ScreenLoader } from './load-with-timeout';
import { LoadingState } from '../feedback/loading-state';
import { LoadErrorState } from '../feedback/load-error-state';

export interface LazyScreenProps {
  load: ScreenLoader;
  /** @default CHUNK_LOAD_TIMEOUT_MS (120 s) */
  timeoutMs?: number;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Screen: ComponentType }
  | { status: 'failed'; timedOut: boolean };

/**
 * Renders a screen whose code is split off. Not React.lazy: a rejected React.lazy stays rejected, and the
 * specification wants a failed (or timed-out) load to offer a retry that really loads again.
 */
export function LazyScreen({ load, timeoutMs }: LazyScreenProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const Screen = loadedScreen(load);
    return Screen ? { status: 'ready', Screen } : { status: 'loading' };
  });
  const [shownLoad, setShownLoad] = useState(() => load);

  // A new route reuses this component with another loader: reset during render (not in an effect) so
  // the previous screen never renders for the new route.
  if (shownLoad !== load) {
    setShownLoad(() => load);
    const Screen = loadedScreen(load);
    setState(Screen ? { status: 'ready', Screen } : { status: 'loading' });
  }

  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready) return;
    let current = true;
    loadScreen(load, timeoutMs).then(
      (Screen) => current && setState({ status: 'ready', Screen }),
      (err: unknown) => current && setState({ status: 'failed', timedOut: err instanceof ChunkLoadTimeoutError }),
    );
    return () => {
      current = false;
    };
  }, [load, timeoutMs, attempt, ready]);

  if (state.status === 'ready') return <state.Screen />;
  if (state.status === 'loading') return <LoadingState />;
  return (
    <LoadErrorState
      timedOut={state.timedOut}
      onRetry={() => {
        setState({ status: 'loading' });
        setAttempt((n) => n + 1);
      }}
    />
  );
}
