import { queueStatusSchema, type QueueStatusRecord } from '../contracts/queue-status.contract';
import type { RealtimeConnection } from '../realtime/socket';

/**
 * Follows the company's queue boards on a socket of the screen's own (docs/queues.md "The push"): joins
 * the board room on every (re)connect, which sends every queue's board at once, so a viewer that was
 * offline is current again without a reload; then each change as the server pushes it. A payload that is
 * not a board is dropped. Returns the way to stop (leaves the room, closes the socket).
 */
export function watchQueueBoard(
  connection: RealtimeConnection,
  handlers: { onStatus: (status: QueueStatusRecord) => void; onConnection?: (connected: boolean) => void },
): () => void {
  const join = () => {
    handlers.onConnection?.(true);
    connection.emit('join_queue_board', {});
  };
  connection.on('connect', join);
  connection.on('disconnect', () => handlers.onConnection?.(false));
  connection.on('queue_status', (payload) => {
    const parsed = queueStatusSchema.safeParse(payload);
    if (parsed.success) handlers.onStatus(parsed.data);
  });
  if (connection.connected) join();
  return () => {
    if (connection.connected) connection.emit('leave_queue_board', {});
    connection.removeAllListeners();
    connection.disconnect();
  };
}
