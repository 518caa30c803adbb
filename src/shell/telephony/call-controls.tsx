import { Button, ButtonGroup, Callout, Intent, Tag } from '@blueprintjs/core';
import type { CallView } from '../../machines/call/call.selectors';
import { useT } from '../../i18n/use-t';
import { useUserInfo } from '../session/session-selectors';
import { callPhaseIntent, callPhaseMessage } from './call-phase';
import { CALL_COMMANDS, commandState, type CtiCommand } from './cti-commands';
import { runCtiCommand, sendCallCommand } from './phone-commands';
import { selectSummary } from './phone-view.selectors';
import { usePhone } from './use-phone';

export interface CallControlsProps {
  call: CallView;
  /** Opens the transfer form (the owner decides where: the CTI bar's dialog or the pop-up's). */
  onTransfer: () => void;
  /** Show "open the pop-up again" for inbound calls (the CTI bar; the pop-up itself needs none). @default false */
  showReopen?: boolean;
}

/**
 * One call's state and buttons, the same in the CTI bar and the call pop-ups. The buttons are the call
 * commands of cti-commands.ts, drawn as their declarations say: hidden without the user's CTI
 * permission (docs/cti-api.md: the UI hides them), enabled by the call's `allowed` (the call actor's
 * `snapshot.can`, computed in the leader tab), so a pop-up window enables exactly what the phone would
 * accept, and the keyboard shortcuts act exactly when these buttons are enabled.
 */
export function CallControls({ call, onTransfer, showReopen = false }: CallControlsProps) {
  const t = useT();
  const userInfo = useUserInfo();
  const phone = usePhone(selectSummary);
  const commands = showReopen ? CALL_COMMANDS : CALL_COMMANDS.filter((command) => command.name !== 'reopen-popup');
  const run = (command: CtiCommand) => runCtiCommand(command, call, (panel) => panel === 'transfer' && onTransfer());

  return (
    <div data-testid="call-controls" data-phase={call.phase} data-line={call.line} style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
      <Tag intent={callPhaseIntent(call)} data-testid="call-phase" data-phase={call.phase}>
        {t(callPhaseMessage(call), { target: call.transferTarget ?? '' })}
      </Tag>
      {call.recording && (
        <Tag intent={Intent.DANGER} icon="record" minimal data-testid="call-recording">
          {t('cti.call.recording')}
        </Tag>
      )}
      <ButtonGroup>
        {commands.map((command) => {
          const state = commandState(command, userInfo, phone, call);
          if (state === 'hidden') return null;
          const label = t(command.name === 'record' && call.recording ? 'cti.call.stop_recording' : command.labelId);
          // The pop-up's own button, next to the call's number: an icon with its name as tooltip.
          const iconOnly = command.name === 'reopen-popup';
          return (
            <Button
              key={command.name}
              data-testid={`call-${command.name}`}
              intent={command.intent}
              icon={command.icon}
              disabled={state === 'disabled'}
              loading={command.name === 'answer' && call.phase === 'answering'}
              active={command.name === 'record' ? call.recording : undefined}
              aria-pressed={command.name === 'record' ? call.recording : undefined}
              onClick={() => run(command)}
              text={iconOnly ? undefined : label}
              aria-label={iconOnly ? label : undefined}
              title={iconOnly ? label : undefined}
            />
          );
        })}
      </ButtonGroup>
      {call.error && (
        <Callout intent={Intent.DANGER} compact data-testid="call-error" style={{ flexBasis: '100%' }}>
          {call.error.message}{' '}
          <Button variant="minimal" size="small" data-testid="call-error-dismiss" onClick={() => sendCallCommand(call.callId, { type: 'DISMISS_ERROR' })} text={t('common.close')} />
        </Callout>
      )}
    </div>
  );
}
