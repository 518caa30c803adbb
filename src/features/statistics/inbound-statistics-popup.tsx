import { StatisticsReportPopup } from './statistics-popups';

/** `inbound-statistics?from=&to=&bucket=&queue=&extension=` (a window). */
export default function InboundStatisticsPopup() {
  return <StatisticsReportPopup kind="inbound" />;
}
