import { Button, Intent, Tag } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import { sendAgentCommand } from '../../shell/telephony/phone-commands';
import { selectAgent } from '../../shell/telephony/phone-view.selectors';
import { usePhone, usePhoneFailed, useTelephonyRoot } from '../../shell/telephony/use-phone';
import { useT } from '../../i18n/use-t';

/** A failed rest/lunch/after or DND request (the CTI server's message), until dismissed. */
export function AgentErrorNotice() {
  const t = useT();
  const agent = usePhone(selectAgent, shallowEqual);
  const error = agent?.error;
  if (!error || error.request === 'forwarding') return null;
  return (
    <Tag intent={Intent.DANGER} data-testid="agent-state-error" onRemove={() => sendAgentCommand({ type: 'DISMISS_ERROR' })} aria-label={t('cti.agent.error')}>
      {error.message}
    </Tag>
  );
}

/** The phone actor crashed (a bug, not a CTI error): say so and offer a restart. */
export function PhoneFailedNotice() {
  const t = useT();
  const root = useTelephonyRoot();
  const failed = usePhoneFailed();
  if (!failed || !root) return null;
  return (
    <span data-testid="cti-phone-failed" style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
      <Tag intent={Intent.DANGER}>{t('cti.phone_failed')}</Tag>
      <Button size="small" icon="refresh" onClick={() => root.send({ type: 'RESTART_PHONE' })} text={t('common.retry')} />
    </span>
  );
}
