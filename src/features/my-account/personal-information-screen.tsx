import { Card } from '@blueprintjs/core';
import { PersonalInformationForm } from './personal-information-form';
import { sessionActor } from '../../shell/session/session-actor';
import { useUserInfo } from '../../shell/session/session-selectors';
import { updateMyAccount } from '../../api/session-api';
import { showToast } from '../../ui/feedback/toaster';
import { setLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';

/** My account → personal information: name, contact details and the preferred language. */
export default function PersonalInformationScreen() {
  const t = useT();
  const userInfo = useUserInfo();
  if (!userInfo) return null;
  return (
    <Card>
      <PersonalInformationForm
        // A new user object (after saving) restarts the form from what the server answered.
        key={JSON.stringify(userInfo.user)}
        userInfo={userInfo}
        onSave={async (values) => {
          const user = await updateMyAccount(values);
          sessionActor.send({ type: 'USER_UPDATED', user });
          // The preferred language is the interface language too.
          setLanguage(user.language);
          void showToast(t('my_account.saved'));
        }}
      />
    </Card>
  );
}
