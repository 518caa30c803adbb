import { CustomTableScreen } from './custom-table-screen';

/** /configuration/custom-tables/consultations */
export default function ConsultationsTableScreen() {
  return <CustomTableScreen table="consultations" />;
}
