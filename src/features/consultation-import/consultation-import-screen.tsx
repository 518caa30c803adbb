import { PageFrame } from '../../ui/page/page-frame';
import { ImportFlow } from '../../ui/import/import-flow';

/** /consultations/import: consultations from an .xlsx, the same flow as the member import. */
export default function ConsultationImportScreen() {
  return (
    <PageFrame titleId="route.consultations.import">
      <ImportFlow entity="consultation" />
    </PageFrame>
  );
}
