import { useState } from 'react';
import { defaultFilter } from './report-query';
import { StatisticsReport } from './statistics-report';

/** /call-statistics/call-statistics: every call of the call log by bucket, the last week to start with. */
export default function CallStatisticsScreen() {
  const [initial] = useState(() => defaultFilter(new Date()));
  return <StatisticsReport kind="calls" initial={initial} />;
}
