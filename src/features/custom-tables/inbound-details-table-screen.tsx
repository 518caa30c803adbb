import { CustomTableScreen } from './custom-table-screen';

/** /configuration/custom-tables/inbound-details */
export default function InboundDetailsTableScreen() {
  return <CustomTableScreen table="inbound-details" />;
}
