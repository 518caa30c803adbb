import { Button, Intent, Tag } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useSlogan, useUnreadAnnouncements } from '../../api/resources/announcement-api';
import { useT } from '../../i18n/use-t';
import { canAccess } from '../../shell/session/route-access';
import { useUserInfo } from '../../shell/session/session-selectors';

/** Where a company's users read announcements; the same rule as the /dashboard route (src/app/routes.ts). */
export const DASHBOARD_ANNOUNCEMENTS = '/dashboard/announcements';
const DASHBOARD_RULE = { roles: ['manager', 'agent'], permission: 'dashboard', companyPermission: 'company_can_use_dashboard' } as const;

/** The company's slogan (/slogan), in the header of its users; follows a save at once. */
export function CompanySlogan() {
  const userInfo = useUserInfo();
  const { data: slogan } = useSlogan(userInfo !== null && userInfo.role !== 'admin');
  if (!slogan) return null;
  return (
    <span data-testid="company-slogan" title={slogan} style={{ marginLeft: 12, fontStyle: 'italic', opacity: 0.8, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '40vw' }}>
      {slogan}
    </span>
  );
}

/** The bell: how many announcements the user has not opened, leading to them. */
export function AnnouncementBell() {
  const t = useT();
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  const allowed = canAccess(DASHBOARD_RULE, userInfo);
  const { data: unread } = useUnreadAnnouncements(allowed);
  if (!allowed) return null;
  const label = unread ? t('announcement.unread_count', { count: unread }) : t('menu.announcements');
  return (
    <Button minimal icon="notifications" aria-label={label} title={label} data-testid="announcement-bell" onClick={() => navigate(DASHBOARD_ANNOUNCEMENTS)}>
      {unread ? (
        <Tag round intent={Intent.DANGER} data-testid="announcement-bell-count">
          {unread}
        </Tag>
      ) : null}
    </Button>
  );
}
