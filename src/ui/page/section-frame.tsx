import { Outlet } from 'react-router-dom';
import { PageFrame } from './page-frame';
import { SectionTabs } from '../navigation/section-tabs';
import { useScreenInfo } from '../feedback/screen-info';

/** Beyond this many children the tabs go vertical. */
const HORIZONTAL_TAB_LIMIT = 6;

/**
 * The screen of a route with children (configuration, consultations, my account, ...): its title, its
 * children as tabs, and the selected child below. Default export: loaded from the route table.
 */
export default function SectionFrame() {
  const info = useScreenInfo();
  if (!info) return <Outlet />;
  const vertical = info.tabs.length > HORIZONTAL_TAB_LIMIT;
  return (
    <PageFrame titleId={info.titleId}>
      <div style={{ display: 'flex', flexDirection: vertical ? 'row' : 'column', gap: 16 }}>
        <SectionTabs tabs={info.tabs} vertical={vertical} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </div>
      </div>
    </PageFrame>
  );
}
