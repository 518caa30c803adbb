import { Button, ButtonGroup, Switch } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import type { AgentStatusName } from '../../api/cti/status-codes';
import { sendAgentCommand } from '../../shell/telephony/phone-commands';
import { selectAgent } from '../../shell/telephony/phone-view.selectors';
import { usePhone } from '../../shell/telephony/use-phone';
import type { SettledAgentState } from '../../machines/agent-state/agent-state.events';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';

/** The three agent states of specification section 4, each toggled after a confirmation. */
export const AGENT_STATE_BUTTONS: { state: AgentStatusName; settled: SettledAgentState; testId: string; labelId: MessageId }[] = [
  { state: 'rest', settled: 'rest', testId: 'agent-state-rest', labelId: 'cti.agent.rest' },
  { state: 'lunch', settled: 'lunch', testId: 'agent-state-lunch', labelId: 'cti.agent.lunch' },
  { state: 'after', settled: 'afterCall', testId: 'agent-state-after', labelId: 'cti.agent.after' },
];

/** Rest / lunch / after-call toggles and do-not-disturb, enabled by what the agent-state actor accepts. */
export function AgentStateToggles() {
  const t = useT();
  const agent = usePhone(selectAgent, shallowEqual);
  if (!agent) return null;
  const canRequest = agent.allowed.includes('REQUEST');
  const dndOn = agent.dnd === 'on' || agent.dnd === 'turningOn';
  const dndBusy = agent.dnd === 'turningOn' || agent.dnd === 'turningOff';
  const canDnd = agent.allowed.includes(dndOn ? 'DND_OFF' : 'DND_ON');
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }} data-testid="agent-state" data-status={agent.status} data-settled={agent.settled}>
      <ButtonGroup aria-label={t('cti.agent.group')}>
        {AGENT_STATE_BUTTONS.map((b) => {
          const active = agent.settled === b.settled;
          return (
            <Button
              key={b.state}
              size="small"
              data-testid={b.testId}
              active={active}
              aria-pressed={active}
              disabled={!canRequest}
              onClick={() => sendAgentCommand({ type: 'REQUEST', state: b.state })}
              text={t(b.labelId)}
            />
          );
        })}
      </ButtonGroup>
      <Switch
        data-testid="dnd-toggle"
        data-dnd={agent.dnd}
        checked={dndOn}
        disabled={!canDnd || dndBusy}
        label={t('cti.agent.dnd')}
        style={{ marginBottom: 0 }}
        onChange={() => sendAgentCommand({ type: dndOn ? 'DND_OFF' : 'DND_ON' })}
      />
    </span>
  );
}
