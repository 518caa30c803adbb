import { ConsultationSettingsScreen } from './consultation-settings-screen';
import { consultationDepartmentView } from './consultation-settings.resource';

/** /configuration/consultation/department */
export default function DepartmentScreen() {
  return <ConsultationSettingsScreen view={consultationDepartmentView} />;
}
