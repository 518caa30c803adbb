import { CustomTableScreen } from './custom-table-screen';

/** /configuration/custom-tables/outbound-details */
export default function OutboundDetailsTableScreen() {
  return <CustomTableScreen table="outbound-details" />;
}
