import { ConsultationSettingsScreen } from './consultation-settings-screen';
import { consultationSmallCategoryView } from './consultation-settings.resource';

/** /configuration/consultation/small */
export default function SmallCategoryScreen() {
  return <ConsultationSettingsScreen view={consultationSmallCategoryView} />;
}
