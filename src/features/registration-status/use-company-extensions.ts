import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { fetchCompanyExtensions, watchExtensionStatuses, type ExtensionEntry } from '../../api/extension-directory';
import type { ApiError } from '../../api/errors';
import { connectSessionSocket, type RealtimeConnection } from '../../api/realtime/socket';
import type { ExtensionStatusPayload } from '../../api/realtime/socket-events';

export type ConnectFn = () => RealtimeConnection;

export const defaultConnect: ConnectFn = () => connectSessionSocket();

/**
 * The company's extensions (once, from the CTI server) kept live by the server's `extension_status`
 * pushes on a socket of this screen's own: pushed, never polled (guides/anchors.md). `ctiServer` null
 * fetches nothing (not a manager).
 */
export function useCompanyExtensions(ctiServer: string | null, connect: ConnectFn = defaultConnect) {
  const { data, error, isLoading } = useSWR<ExtensionEntry[], ApiError>(
    ctiServer ? (['cti/simulator/state', ctiServer] as const) : null,
    ([, server]: readonly [string, string]) => fetchCompanyExtensions(server),
  );
  const [live, setLive] = useState<Record<string, ExtensionStatusPayload>>({});
  const numbers = useMemo(() => (data ?? []).map((e) => e.number).join(','), [data]);

  useEffect(() => {
    if (!numbers) return;
    const stop = watchExtensionStatuses(connect(), numbers.split(','), (payload) =>
      setLive((previous) => ({ ...previous, [payload.extension]: payload })),
    );
    return stop;
  }, [numbers, connect]);

  const extensions = useMemo(
    () =>
      (data ?? []).map((entry) => {
        const pushed = live[entry.number];
        return pushed ? { ...entry, extenStatus: pushed.exten_status, status: pushed.status } : entry;
      }),
    [data, live],
  );
  return { extensions: data ? extensions : null, error, isLoading };
}
