import { Tab, Tabs } from '@blueprintjs/core';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ScreenTab } from '../feedback/screen-info';
import { useT } from '../../i18n/use-t';

export interface SectionTabsProps {
  tabs: readonly ScreenTab[];
  /** Many children (configuration has seventeen) read better as a vertical list. @default false */
  vertical?: boolean;
}

/** The child routes of a section as tabs; the selected tab follows the address, a click navigates. */
export function SectionTabs({ tabs, vertical = false }: SectionTabsProps) {
  const t = useT();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The longest matching path wins, so an index tab ('/dashboard') does not shadow its siblings.
  const selected = [...tabs]
    .sort((a, b) => b.path.length - a.path.length)
    .find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`));

  return (
    <Tabs
      id="section-tabs"
      selectedTabId={selected?.path}
      vertical={vertical}
      onChange={(path) => navigate(String(path))}
    >
      {tabs.map((tab) => (
        <Tab key={tab.path} id={tab.path} title={t(tab.titleId)} />
      ))}
    </Tabs>
  );
}
