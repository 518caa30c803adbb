import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import type { AgentStatusName } from '../../api/cti/status-codes';
import { sendAgentCommand } from '../../shell/telephony/phone-commands';
import { selectAgent } from '../../shell/telephony/phone-view.selectors';
import { usePhone } from '../../shell/telephony/use-phone';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';

const STATE_NAMES: Record<AgentStatusName, MessageId> = { rest: 'cti.agent.rest', lunch: 'cti.agent.lunch', after: 'cti.agent.after' };

/**
 * The confirmation of specification section 4 ("each is enabled or disabled with a confirmation
 * message"). It is the agent-state actor's `confirming` state drawn as a dialog: open while confirming
 * or applying, closed by CONFIRM's outcome or CANCEL, so every window shows the same question.
 */
export function AgentStateConfirmDialog() {
  const t = useT();
  const agent = usePhone(selectAgent, shallowEqual);
  const pending = agent?.pending ?? null;
  const open = !!agent && !!pending && (agent.status === 'confirming' || agent.status === 'applying');
  const applying = agent?.status === 'applying';
  const canCancel = !!agent?.allowed.includes('CANCEL');
  const state = pending ? t(STATE_NAMES[pending.state]) : '';
  return (
    <Dialog
      isOpen={open}
      onClose={canCancel ? () => sendAgentCommand({ type: 'CANCEL' }) : undefined}
      title={t('cti.agent.confirm_title')}
      icon="time"
      isCloseButtonShown={false}
      style={{ width: 465 }}
    >
      <DialogBody>
        <p className={Classes.RUNNING_TEXT} data-testid="agent-state-dialog" data-state={pending?.state} data-action={pending?.action}>
          {pending?.action === 'disable' ? t('cti.agent.confirm_disable', { state }) : t('cti.agent.confirm_enable', { state })}
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button data-testid="agent-state-cancel" disabled={!canCancel} onClick={() => sendAgentCommand({ type: 'CANCEL' })} text={t('resource.cancel')} />
            <Button
              data-testid="agent-state-confirm"
              intent={Intent.PRIMARY}
              loading={applying}
              disabled={!agent?.allowed.includes('CONFIRM')}
              onClick={() => sendAgentCommand({ type: 'CONFIRM' })}
              text={t('cti.agent.confirm_ok')}
            />
          </>
        }
      />
    </Dialog>
  );
}
