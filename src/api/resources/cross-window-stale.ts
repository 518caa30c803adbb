import { mutate } from 'swr';
import { keyReadsAny } from './resource-keys';

/**
 * A write in one window makes the lists of every other window of the app stale too: pop-ups opened as
 * windows (managers always get windows, specification §4) add and edit records that the main window
 * lists, and SWR caches are per window. One BroadcastChannel carries the stale base paths; each window
 * revalidates its own keys under them. Where BroadcastChannel is missing this does nothing.
 */
const CHANNEL = 'callcentre-resources';

interface StaleMessage {
  source: 'callcentre-resources';
  paths: string[];
}

let channel: BroadcastChannel | null | undefined;

function openChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as Partial<StaleMessage> | null;
      if (data?.source !== 'callcentre-resources' || !Array.isArray(data.paths)) return;
      const paths = data.paths.filter((p): p is string => typeof p === 'string');
      // The app's one SWR cache (App.tsx mounts SWRConfig without a provider).
      void mutate((key) => keyReadsAny(key, paths));
    });
  }
  return channel;
}

/** Starts listening in this window (idempotent; the resource hooks call it). */
export function listenForStaleFromOtherWindows(): void {
  openChannel();
}

/** Tells the other windows that data under these base paths changed (a BroadcastChannel never echoes to its sender). */
export function announceStale(paths: readonly string[]): void {
  const message: StaleMessage = { source: 'callcentre-resources', paths: [...paths] };
  openChannel()?.postMessage(message);
}
