import { useState } from 'react';
import type { StatisticsKind } from '../../api/resources/statistics-api';
import { usePopup } from '../../shell/popups/popup-context';
import { filterFromQuery } from './report-query';
import { StatisticsReport } from './statistics-report';

/** The report in a window, for the range (and bucket, queue, extension, direction) its query names. */
export function StatisticsReportPopup({ kind }: { kind: StatisticsKind }) {
  const query = usePopup()?.query ?? {};
  const [initial] = useState(() => filterFromQuery(query, new Date()));
  return (
    <div className="statistics-popup">
      <StatisticsReport kind={kind} initial={initial} inWindow />
    </div>
  );
}
