import CallHistoryScreen from './call-history-screen';

/** /call-statistics/inbound-details: the call log, starting on inbound calls. */
export default function InboundDetailsScreen() {
  return <CallHistoryScreen direction="inbound" />;
}
