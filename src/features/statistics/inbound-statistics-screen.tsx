import { useState } from 'react';
import { defaultFilter } from './report-query';
import { StatisticsReport } from './statistics-report';

/** /call-statistics/inbound-statistics: queue calls (the queue log) by bucket, the last week to start with. */
export default function InboundStatisticsScreen() {
  const [initial] = useState(() => defaultFilter(new Date()));
  return <StatisticsReport kind="inbound" initial={initial} />;
}
