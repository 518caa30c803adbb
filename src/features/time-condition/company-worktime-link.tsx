import { Button } from '@blueprintjs/core';
import { hasUserPermission } from '../../api/permissions/check';
import { useT } from '../../i18n/use-t';
import { openPopup } from '../../shell/popups/open-popup';
import { useUserInfo } from '../../shell/session/session-selectors';

/**
 * Above /time-conditions: the company work-time window (company/worktime/edit), where the working-hour
 * conditions read as the company's hours and the switch forces it open or closed (docs/routing.md
 * "Company work time"). For managers and users with `worktime_switch`, as the window is.
 */
export function CompanyWorktimeLink() {
  const t = useT();
  const userInfo = useUserInfo();
  if (!hasUserPermission(userInfo, 'worktime_switch')) return null;
  return (
    <div>
      <Button size="small" variant="outlined" icon="time" data-testid="company-worktime-link" text={t('worktime.link')} onClick={() => openPopup('edit-company-worktime')} />
    </div>
  );
}
