import { ANNOUNCEMENT_NAMESPACE } from '../../../../src/api/realtime/socket-events';
import { globalPlugin } from '../../lib/global-plugin';
import { announcementCompanyRoom, roomsOfAnnouncement } from '../../realtime/announcement-rooms';
import { AnnouncementStore } from './announcement-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Announcements and slogans (docs/announcements.md). */
    announcements: {
      store: AnnouncementStore;
      /** Tells the readers of every published, untold announcement (or of the one `id`) at once. */
      publishDue: (id?: number) => Promise<void>;
      /** Tells the company's signed-in users their header's slogan changed. */
      sloganChanged: (companyId: number, slogan: string | null) => void;
    };
  }
}

/** How often scheduled announcements are looked for (they are told within this much of their time). */
export const ANNOUNCEMENT_SWEEP_MS = 15_000;

/**
 * The announcements' store and their push: `announcement` `{ id, title }` to the readers' rooms
 * (realtime/announcement-rooms.ts) once per announcement, claimed in the database so several processes
 * do not repeat it (through socket.io's Redis adapter a socket on any process gets it). Register after
 * the telephony plugin (`app.io`).
 */
export const announcementsPlugin = globalPlugin('announcements', async (app) => {
  const store = new AnnouncementStore(app.db);
  // The announcement node's namespace, which the app's pages listen to, and the default one (CONTRACT §8's socket).
  const namespaces = [app.io.of(ANNOUNCEMENT_NAMESPACE), app.io];
  const publishDue = async (id?: number) => {
    for (const row of await store.claimDue(id)) {
      const rooms = roomsOfAnnouncement(row);
      if (rooms.length > 0) for (const namespace of namespaces) namespace.to(rooms).emit('announcement', { id: row.id, title: row.title });
    }
  };
  const sloganChanged = (companyId: number, slogan: string | null) => {
    for (const namespace of namespaces) namespace.to(announcementCompanyRoom(companyId)).emit('slogan', { slogan });
  };
  app.decorate('announcements', { store, publishDue, sloganChanged });

  const timer = setInterval(() => {
    publishDue().catch((error: unknown) => app.log.error({ err: error }, 'announcement push failed'));
  }, ANNOUNCEMENT_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
