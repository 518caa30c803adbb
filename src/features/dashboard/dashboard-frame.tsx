import { Classes } from '@blueprintjs/core';
import { Outlet } from 'react-router-dom';
import { useUserInfo } from '../../shell/session/session-selectors';
import { PageFrame } from '../../ui/page/page-frame';
import { SectionTabs } from '../../ui/navigation/section-tabs';
import { useScreenInfo } from '../../ui/feedback/screen-info';
import { useT } from '../../i18n/use-t';

/**
 * /dashboard: a greeting, then the overview, registration status and announcements as tabs
 * (their contents come with the dashboard work; see docs/screens.md).
 */
export default function DashboardFrame() {
  const t = useT();
  const info = useScreenInfo();
  const userInfo = useUserInfo();
  return (
    <PageFrame titleId="route.dashboard">
      {userInfo && <p className={Classes.TEXT_MUTED}>{t('dashboard.greeting', { name: userInfo.user.name })}</p>}
      <SectionTabs tabs={info?.tabs ?? []} />
      <Outlet />
    </PageFrame>
  );
}
