import { ConsultationSettingsScreen } from './consultation-settings-screen';
import { consultationBigCategoryView } from './consultation-settings.resource';

/** /configuration/consultation/big */
export default function BigCategoryScreen() {
  return <ConsultationSettingsScreen view={consultationBigCategoryView} />;
}
