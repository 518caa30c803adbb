import { Button, Intent, Spinner, Tag } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import { EXTEN_STATUS_LOGGED_IN } from '../../api/cti/status-codes';
import { sendPhoneCommand } from '../../shell/telephony/phone-commands';
import { selectRegistration } from '../../shell/telephony/phone-view.selectors';
import { usePhone } from '../../shell/telephony/use-phone';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';

const STATE_TEXT: Record<string, { id: MessageId; intent: Intent }> = {
  loading: { id: 'cti.registration.loading', intent: Intent.NONE },
  registered: { id: 'cti.registration.registered', intent: Intent.SUCCESS },
  waiting: { id: 'cti.registration.waiting', intent: Intent.WARNING },
  notRegistered: { id: 'cti.registration.not_registered', intent: Intent.DANGER },
};

/**
 * Registration of the extension (specification section 4: 51 = logged in, re-registered every 10 s).
 * Not registered: "CTI is not logged in." (section 8) or the load error, and a retry that loads again.
 */
export function RegistrationIndicator() {
  const t = useT();
  const registration = usePhone(selectRegistration, shallowEqual);
  if (!registration) {
    return (
      <Tag minimal data-testid="cti-registration" data-state="connecting" icon={<Spinner size={12} />}>
        {t('cti.registration.loading')}
      </Tag>
    );
  }
  const text = STATE_TEXT[registration.state] ?? STATE_TEXT.loading!;
  const loggedOut = registration.extenStatus !== null && registration.extenStatus !== EXTEN_STATUS_LOGGED_IN;
  return (
    <span
      data-testid="cti-registration"
      data-state={registration.state}
      data-registered={registration.registered}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
    >
      <Tag intent={text.intent} minimal={!registration.registered} icon={registration.registered ? 'tick-circle' : 'offline'}>
        {t(text.id)}
      </Tag>
      {registration.state === 'notRegistered' && (
        <span data-testid="cti-registration-message" role="status">
          {registration.error ? registration.error.message : loggedOut ? t('errors.cti_not_logged_in') : null}
        </span>
      )}
      {registration.canRetry && (
        <Button
          size="small"
          icon="refresh"
          data-testid="cti-registration-retry"
          onClick={() => sendPhoneCommand({ type: 'RETRY_REGISTRATION' })}
          text={t('common.retry')}
        />
      )}
    </span>
  );
}
