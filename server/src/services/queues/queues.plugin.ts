import { globalPlugin } from '../../lib/global-plugin';
import { queueBoardRoom } from '../../realtime/queue-board-room';
import { QueueBoards } from './queue-boards';
import { QueueLogRecorder } from './queue-log-recorder';
import { startRolling } from './statistics-roll-job';

declare module 'fastify' {
  interface FastifyInstance {
    /** The queue log and the live boards (docs/queues.md); tests await `recorder.flushed()`. */
    queues: {
      recorder: QueueLogRecorder;
      boards: QueueBoards;
      /** Reads the company's queues again and pushes every queue's board to its room (a label or colours changed). */
      pushAll: (companyId: number) => Promise<void>;
    };
  }
}

/**
 * Starts the queue log's recorder with the app and the live boards it feeds: each batch of new rows is
 * folded into the company's board, and every queue it changed is pushed to the company's board room as
 * `queue_status` (through socket.io's Redis adapter with several processes), once per change whatever
 * the number of viewers. Register after the telephony plugin (`app.telephony`, `app.io`).
 */
export const queuesPlugin = globalPlugin('queues', async (app) => {
  const boards = new QueueBoards(app.db, () => app.telephony.role !== 'follower');
  const recorder = new QueueLogRecorder({
    db: app.db,
    subscribe: (listener) => app.telephony.subscribe(listener),
    onError: (error) => app.log.error({ err: error }, 'queue log write failed'),
    onWritten: (companyId, rows) => {
      void boards
        .fold(companyId, rows)
        .then(async (changed) => {
          if (changed.size === 0) return;
          const room = app.io.to(queueBoardRoom(companyId));
          for (const status of await boards.status(companyId)) if (changed.has(status.queue)) room.emit('queue_status', status);
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'queue board update failed'));
    },
  });
  recorder.start();
  const stopRolling = startRolling(app.db, (error, companyId) => app.log.error({ err: error, companyId }, 'statistics roll failed'));
  const pushAll = async (companyId: number) => {
    boards.forgetConfig(companyId);
    const room = app.io.to(queueBoardRoom(companyId));
    for (const status of await boards.status(companyId)) room.emit('queue_status', status);
  };
  app.decorate('queues', { recorder, boards, pushAll });
  app.addHook('onClose', async () => {
    await stopRolling();
    await recorder.close();
  });
});
