import { useCallback, useEffect, useState } from 'react';
import { queueResetResponseSchema, type QueueStatusRecord } from '../../api/contracts/queue-status.contract';
import { postParsed } from '../../api/post-parsed';
import { watchQueueBoard } from '../../api/queues/queue-board-client';
import { connectSocket, type RealtimeConnection } from '../../api/realtime/socket';
import { getToken } from '../../api/storage';

export type ConnectFn = () => RealtimeConnection;
const defaultConnect: ConnectFn = () => connectSocket({ token: getToken });

/**
 * The company's queue boards as the server pushes them (docs/queues.md "The push"), by queue number,
 * whether the socket is connected, and `reset` (`queue/reset`; the board becomes what it answers).
 */
export function useQueueBoard(connect: ConnectFn = defaultConnect) {
  const [boards, setBoards] = useState<Record<string, QueueStatusRecord>>({});
  const [connected, setConnected] = useState(false);
  const [received, setReceived] = useState(false);

  useEffect(
    () =>
      watchQueueBoard(connect(), {
        onStatus: (status) => {
          setReceived(true);
          setBoards((previous) => ({ ...previous, [status.queue]: status }));
        },
        onConnection: setConnected,
      }),
    [connect],
  );

  const reset = useCallback(async (queue: string) => {
    const status = await postParsed('queue/reset', { queue }, (data) => queueResetResponseSchema.parse(data).data);
    setBoards((previous) => ({ ...previous, [status.queue]: status }));
  }, []);

  const queues = Object.values(boards).sort((a, b) => a.queue.localeCompare(b.queue, undefined, { numeric: true }));
  return { queues, connected, received, reset };
}
