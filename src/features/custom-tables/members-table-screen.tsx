import { CustomTableScreen } from './custom-table-screen';

/** /configuration/custom-tables/members */
export default function MembersTableScreen() {
  return <CustomTableScreen table="members" />;
}
