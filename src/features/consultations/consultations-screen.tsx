import { useUserInfo } from '../../shell/session/session-selectors';
import { openPopup } from '../../shell/popups/open-popup';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { consultationPopupParams } from '../../shell/popups/open-consultation';
import { consultationView } from './consultations.resource';

/**
 * /consultations/consultations: every consultation of the company (agents too: a caller's history must
 * not depend on who answered before), with the filters of issue 4 item 4 and the company's columns.
 * Viewing and editing open the specification's pop-ups; adding uses the in-page form.
 */
export default function ConsultationsScreen() {
  const userInfo = useUserInfo();
  return (
    <ResourceListPanel
      view={consultationView}
      subject={userInfo}
      onView={(c) => openPopup('view-consultation', consultationPopupParams(c))}
      onEdit={(c) => openPopup('edit-consultation', consultationPopupParams(c))}
    />
  );
}
