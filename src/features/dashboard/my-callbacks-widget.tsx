import { Classes, Tag } from '@blueprintjs/core';
import type { MessageId } from '../../i18n/message-ids';
import type { CallbackStatus } from '../../api/contracts/callback.contract';
import { timeAgo } from '../../i18n/dates';
import { useT } from '../../i18n/use-t';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';
import { DashboardWidget } from './dashboard-widget';
import { DASHBOARD_LINKS } from './dashboard-links';
import { NumberLink } from './number-link';
import { useMyOpenCallbacks } from './use-dashboard-data';

/** How many of the newest the widget lists under the count. */
const FIRST_FEW = 5;
const STATUS_LABELS: Record<CallbackStatus, MessageId> = {
  open: 'callback.status.open',
  in_progress: 'callback.status.in_progress',
  done: 'callback.status.done',
  cancelled: 'callback.status.cancelled',
};

/** The callbacks assigned to me still open or in progress: how many, the newest few, the link to the list. */
export function MyCallbacksWidget() {
  const t = useT();
  const source = useMyOpenCallbacks();
  return (
    <DashboardWidget testId="dashboard-my-callbacks" titleId="dashboard.my_callbacks.title" source={source}>
      {(page) => (
        <>
          <div>
            <NumberLink testId="dashboard-my-callbacks-count" to={DASHBOARD_LINKS.myCallbacks}>
              {t('dashboard.my_callbacks.count', { count: page.total })}
            </NumberLink>
          </div>
          <ul className={Classes.LIST_UNSTYLED} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            {page.data.slice(0, FIRST_FEW).map((callback) => (
              <li key={callback.id} data-testid={`dashboard-my-callback-${callback.id}`} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <span>{formatPhoneNumber(callback.phone_number)}</span>
                <Tag minimal>{t(STATUS_LABELS[callback.status])}</Tag>
                <span className={Classes.TEXT_MUTED}>{timeAgo(callback.last_call_at)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </DashboardWidget>
  );
}
