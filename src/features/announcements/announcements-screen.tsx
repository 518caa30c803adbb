import type { Announcement } from '../../api/contracts/announcement.contract';
import type { MessageId } from '../../i18n/message-ids';
import { openPopup } from '../../shell/popups/open-popup';
import { useUserInfo } from '../../shell/session/session-selectors';
import { useScreenInfo } from '../../ui/feedback/screen-info';
import { PageFrame } from '../../ui/page/page-frame';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { announcementView } from './announcement.resource';
import { NotificationPermissionButton } from './desktop-notifications';

/**
 * `/dashboard/announcements` (every user of a company with the dashboard) and `/admin/announcements` (the
 * platform administrator): the announcements the user reads, pinned first, unread marked (docs/announcements.md).
 * View, add and edit open the pop-ups `view-announcement/{id}`, `announcement/add`, `announcement/edit/{id}`.
 * A manager sees the platform's announcements but cannot change them: their edit and delete say why.
 */
export default function AnnouncementsScreen() {
  const userInfo = useUserInfo();
  const info = useScreenInfo();
  const admin = userInfo?.role === 'admin';
  const refusal = (record: Announcement, action: string): MessageId | undefined =>
    !admin && record.platform && (action === 'edit' || action === 'delete') ? 'announcement.platform_read_only' : undefined;
  const panel = (
    <ResourceListPanel
      view={announcementView}
      subject={userInfo}
      onView={(record) => void openPopup('view-announcement', { id: record.id })}
      onAdd={() => void openPopup('add-announcement')}
      onEdit={(record) => void openPopup('edit-announcement', { id: record.id })}
      actionRefusal={refusal}
    />
  );
  // The admin's is a page of its own; the dashboard's is a tab under the dashboard's title.
  if (admin && info) return <PageFrame titleId={info.titleId} actions={<NotificationPermissionButton />}>{panel}</PageFrame>;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ alignSelf: 'flex-end' }}>
        <NotificationPermissionButton />
      </div>
      {panel}
    </div>
  );
}
