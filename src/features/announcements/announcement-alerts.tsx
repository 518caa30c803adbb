import { Button, Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { announcementEventSchema } from '../../api/contracts/announcement.contract';
import { refreshAnnouncements, SLOGAN_KEY } from '../../api/resources/announcement-api';
import { connectSessionSocket, type RealtimeConnection } from '../../api/realtime/socket';
import { ANNOUNCEMENT_NAMESPACE } from '../../api/realtime/socket-events';
import { useT } from '../../i18n/use-t';
import { openPopup } from '../../shell/popups/open-popup';
import { useUserInfo } from '../../shell/session/session-selectors';
import { showToast } from '../../ui/feedback/toaster';
import { notifyDesktop } from './desktop-notifications';

export type AnnouncementConnect = () => RealtimeConnection;
// Under vitest no socket opens by itself (jsdom would connect to whatever listens on localhost); tests pass theirs.
const defaultConnect: AnnouncementConnect | null = import.meta.env.MODE === 'test' ? null : () => connectSessionSocket(ANNOUNCEMENT_NAMESPACE);

/**
 * New announcements as they are published (docs/announcements.md "The push"): on the socket's
 * `announcement` `{ id, title }` the lists and the badge are read again, a toast names it with a View
 * button (the specification's 1 s; hovering keeps it, and the list marks it unread anyway), and a desktop notification shows it when the user allowed them. The company's `slogan` event
 * updates the header. One connection of its own: the specification's "websocket to an announcement
 * node", the built-in node's namespace `/announcement` on the app's server (docs/announcements.md).
 * Drawn once in the app's header for a company's users (the admin writes them).
 */
export function AnnouncementAlerts({ connect = defaultConnect }: { connect?: AnnouncementConnect | null }) {
  const t = useT();
  const userInfo = useUserInfo();
  const { mutate } = useSWRConfig();
  const enabled = userInfo !== null && userInfo.role !== 'admin';

  useEffect(() => {
    if (!enabled || !connect) return undefined;
    const connection = connect();
    connection.on('announcement', (payload) => {
      const parsed = announcementEventSchema.safeParse(payload);
      if (!parsed.success) return;
      const { id, title } = parsed.data;
      const open = () => void openPopup('view-announcement', { id });
      void refreshAnnouncements(mutate);
      void showToast(
        <span data-testid="announcement-toast" style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <span>{t('announcement.new', { title })}</span>
          <Button small minimal intent={Intent.PRIMARY} text={t('announcement.open')} onClick={open} />
        </span>,
        Intent.PRIMARY,
      );
      notifyDesktop(t('announcement.new_heading'), title, `announcement-${id}`, open);
    });
    connection.on('slogan', (payload) => {
      if (payload && (typeof payload.slogan === 'string' || payload.slogan === null)) void mutate(SLOGAN_KEY, payload.slogan, { revalidate: false });
    });
    return () => {
      connection.removeAllListeners();
      connection.disconnect();
    };
  }, [connect, enabled, mutate, t]);

  return null;
}
