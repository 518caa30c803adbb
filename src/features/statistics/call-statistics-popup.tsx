import { StatisticsReportPopup } from './statistics-popups';

/** `call-statistics?from=&to=&bucket=&queue=&extension=&direction=` (a window). */
export default function CallStatisticsPopup() {
  return <StatisticsReportPopup kind="calls" />;
}
