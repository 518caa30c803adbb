import { usePopup } from '../../shell/popups/popup-context';
import { closeAfterSaving } from '../../shell/popups/popup-toasts';
import { ResourceForm } from '../../ui/resource/resource-form';
import { useT } from '../../i18n/use-t';
import { memberView } from './members.resource';
import { PopupFormCard } from '../../ui/layout/popup-form-card';

/**
 * Pop-up `member/add` (window or dialog): the member form; closes itself once the member is saved.
 * `?phone_number=` starts it with that number (a caller nobody knows yet, from the inbound pop-up).
 */
export default function AddMemberPopup() {
  const t = useT();
  const popup = usePopup();
  const phoneNumber = popup?.query.phone_number;
  return (
    <PopupFormCard testId="add-member-popup">
      <ResourceForm
        view={memberView}
        {...(phoneNumber ? { initialValues: { phone_number: phoneNumber } } : {})}
        onSaved={() => closeAfterSaving(popup, t('member.saved'))}
        onCancel={popup?.close}
      />
    </PopupFormCard>
  );
}
