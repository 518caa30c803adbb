import type { FastifyInstance } from 'fastify';
import { can } from '../../../src/api/permissions/check';
import { companyOfCaller } from '../services/telephony/extension-access';
import type { RealtimeSocket } from './socket-server';

/** Everyone of one company watching its queue board. */
export const queueBoardRoom = (companyId: number | string) => `c:${companyId}:queues`;

/** Who sees the board (CONTRACT §12): managers, and agents with the queue board permission. */
export const seesQueueBoard = (auth: Parameters<typeof can>[0]) => can(auth, 'queues', 'company_can_use_queue_board');

/**
 * `join_queue_board`: the socket joins its company's board room and gets every queue's board at once
 * (`queue_status`, one per queue), so a viewer that reconnects is current without waiting for a change;
 * later changes are pushed to the room (docs/queues.md). `leave_queue_board` leaves it.
 */
export function handleQueueBoardCommands(app: FastifyInstance, socket: RealtimeSocket): void {
  socket.on('join_queue_board', (_payload: unknown, ack?: unknown) => {
    const answer = typeof ack === 'function' ? (ack as (value: unknown) => void) : () => undefined;
    void (async () => {
      const { auth } = socket.data;
      if (!seesQueueBoard(auth) || auth.companyId === null) return answer({ error: true, status: 403 });
      const companyId = companyOfCaller(auth);
      await socket.join(queueBoardRoom(companyId));
      const boards = await app.queues.boards.status(companyId);
      answer({ result: 'success', queues: boards.length });
      for (const board of boards) socket.emit('queue_status', board);
    })().catch((error: unknown) => {
      answer({ error: true, status: 500 });
      app.log.error({ err: error }, 'join_queue_board failed');
    });
  });
  socket.on('leave_queue_board', (_payload: unknown, ack?: unknown) => {
    void socket.leave(queueBoardRoom(companyOfCaller(socket.data.auth)));
    if (typeof ack === 'function') (ack as (value: unknown) => void)({ result: 'success' });
  });
}
