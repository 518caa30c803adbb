import CallHistoryScreen from './call-history-screen';

/** /call-statistics/outbound-details: the call log, starting on outbound calls. */
export default function OutboundDetailsScreen() {
  return <CallHistoryScreen direction="outbound" />;
}
