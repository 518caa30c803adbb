import { ConsultationSettingsScreen } from './consultation-settings-screen';
import { consultationInquiryView } from './consultation-settings.resource';

/** /configuration/consultation/inquiry */
export default function InquiryScreen() {
  return <ConsultationSettingsScreen view={consultationInquiryView} />;
}
