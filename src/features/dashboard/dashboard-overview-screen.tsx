import { useState } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import { can } from '../../api/permissions/check';
import { useLiveQueueBoards, type QueueBoardConnect } from '../../api/queues/use-live-queue-boards';
import { useT } from '../../i18n/use-t';
import { useUserInfo } from '../../shell/session/session-selectors';
import { CallsPerHourWidget } from './calls-per-hour-widget';
import { MyCallbacksWidget } from './my-callbacks-widget';
import { MyCallsWidget } from './my-calls-widget';
import { MyStatesWidget } from './my-states-widget';
import { QueueLiveWidget } from './queue-live-widget';
import { seoulToday } from './seoul-today';
import { ServiceLevelWidget } from './service-level-widget';

/**
 * `/dashboard` (index), docs/queues.md "Dashboard": widgets in a responsive grid. An agent sees their
 * calls today, their day in states and their open callbacks; managers (and agents with `queues` or
 * `call_statistics`) each queue's live summary, today's service level and calls per hour. A widget the
 * user's permissions do not cover (the server would refuse its request) is not shown; each loads and
 * fails on its own.
 */
export default function DashboardOverviewScreen({ connect }: { connect?: QueueBoardConnect }) {
  const t = useT();
  const userInfo = useUserInfo();
  // Today is fixed when the screen opens; a dashboard left open past midnight shows the day it opened on.
  const [now] = useState(() => Date.now());
  const [today] = useState(() => seoulToday(now));

  const mine = userInfo?.role === 'agent' && userInfo.extension ? userInfo.extension : null;
  const statistics = can(userInfo, 'call_statistics');
  const board = can(userInfo, 'queues', 'company_can_use_queue_board');
  const callbacks = can(userInfo, 'callbacks');
  const live = useLiveQueueBoards(connect, board);

  const widgets = [
    mine && <MyCallsWidget key="my-calls" extension={mine} day={today.day} linkable={statistics} />,
    mine && statistics && <MyStatesWidget key="my-states" extension={mine} day={today.day} />,
    userInfo?.role === 'agent' && callbacks && <MyCallbacksWidget key="my-callbacks" />,
    board && <QueueLiveWidget key="queues" {...live} />,
    statistics && <ServiceLevelWidget key="service-level" range={today} day={today.day} queues={live.queues.map(({ queue, name }) => ({ queue, name }))} />,
    statistics && <CallsPerHourWidget key="calls-per-hour" range={today} now={now} />,
  ].filter(Boolean);

  return (
    <section data-testid="dashboard-overview" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))', gap: 12, alignItems: 'start' }}>
      {widgets.length > 0 ? widgets : <NonIdealState icon="dashboard" title={t('dashboard.nothing_to_show')} />}
    </section>
  );
}
