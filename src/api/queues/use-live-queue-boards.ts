import { useCallback, useEffect, useState } from 'react';
import { queueResetResponseSchema, type QueueStatusRecord } from '../contracts/queue-status.contract';
import { postParsed } from '../post-parsed';
import { connectSessionSocket, type RealtimeConnection } from '../realtime/socket';
import { watchQueueBoard } from './queue-board-client';

export type QueueBoardConnect = () => RealtimeConnection;
const defaultConnect: QueueBoardConnect = () => connectSessionSocket();

/**
 * The company's pushed queue boards (docs/queues.md "The push"), for /queues, its pop-ups and the
 * dashboard: the boards by queue number in number order, whether the socket is connected, whether the
 * first boards arrived, and `reset` (`queue/reset`; the board becomes what it answers). `enabled: false`
 * opens no socket (a user who may not watch the board).
 */
export function useLiveQueueBoards(connect: QueueBoardConnect = defaultConnect, enabled = true) {
  const [boards, setBoards] = useState<Record<string, QueueStatusRecord>>({});
  const [connected, setConnected] = useState(false);
  const [received, setReceived] = useState(false);

  useEffect(() => {
    if (!enabled) return undefined;
    return watchQueueBoard(connect(), {
      onStatus: (status) => {
        setReceived(true);
        setBoards((previous) => ({ ...previous, [status.queue]: status }));
      },
      onConnection: setConnected,
    });
  }, [connect, enabled]);

  const reset = useCallback(async (queue: string) => {
    const status = await postParsed('queue/reset', { queue }, (data) => queueResetResponseSchema.parse(data).data);
    setBoards((previous) => ({ ...previous, [status.queue]: status }));
  }, []);

  const queues = Object.values(boards).sort((a, b) => a.queue.localeCompare(b.queue, undefined, { numeric: true }));
  return { queues, connected, received, reset };
}
