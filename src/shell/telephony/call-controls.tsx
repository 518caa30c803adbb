import { Button, ButtonGroup, Callout, Intent, Tag } from '@blueprintjs/core';
import { hasUserPermission } from '../../api/permissions/check';
import type { CallView } from '../../machines/call/call.selectors';
import { useT } from '../../i18n/use-t';
import { useUserInfo } from '../session/session-selectors';
import { callPhaseIntent, callPhaseMessage } from './call-phase';
import { sendCallCommand } from './phone-commands';

export interface CallControlsProps {
  call: CallView;
  /** Opens the transfer form (the owner decides where: the CTI bar's dialog or the pop-up's). */
  onTransfer: () => void;
  /** Show "open the pop-up again" for inbound calls (the CTI bar; the pop-up itself needs none). @default false */
  showReopen?: boolean;
}

/**
 * One call's state and buttons, the same in the CTI bar and the call pop-ups. Every button is enabled
 * by the call's `allowed` (the call actor's `snapshot.can`, computed in the leader tab), so a pop-up
 * window enables exactly what the phone would accept. The transfer and recording buttons also need the
 * user's CTI permissions (docs/cti-api.md: the UI hides them).
 */
export function CallControls({ call, onTransfer, showReopen = false }: CallControlsProps) {
  const t = useT();
  const userInfo = useUserInfo();
  const can = (type: CallView['allowed'][number]) => call.allowed.includes(type);
  const send = (command: Parameters<typeof sendCallCommand>[1]) => sendCallCommand(call.callId, command);
  const mayTransfer = hasUserPermission(userInfo, 'cti_transfer');
  const mayRecord = hasUserPermission(userInfo, 'cti_one_touch_recording');
  const inbound = call.direction === 'inbound';

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
        {inbound && (call.phase === 'ringing' || call.phase === 'answering') && (
          <Button data-testid="call-answer" intent={Intent.SUCCESS} icon="phone" disabled={!can('ANSWER')} loading={call.phase === 'answering'} onClick={() => send({ type: 'ANSWER' })} text={t('cti.call.answer')} />
        )}
        {can('COMPLETE_TRANSFER') && (
          <Button data-testid="call-complete-transfer" intent={Intent.PRIMARY} icon="tick" onClick={() => send({ type: 'COMPLETE_TRANSFER' })} text={t('cti.call.complete_transfer')} />
        )}
        {mayTransfer && (
          <Button data-testid="call-transfer" icon="swap-horizontal" disabled={!can('TRANSFER_BLIND') && !can('TRANSFER_ATTENDED')} onClick={onTransfer} text={t('cti.call.transfer')} />
        )}
        {can('HOLD') && <Button data-testid="call-hold" icon="pause" onClick={() => send({ type: 'HOLD' })} text={t('cti.call.hold')} />}
        {can('UNHOLD') && <Button data-testid="call-unhold" icon="play" onClick={() => send({ type: 'UNHOLD' })} text={t('cti.call.unhold')} />}
        {mayRecord && (
          <Button data-testid="call-record" icon="record" active={call.recording} aria-pressed={call.recording} disabled={!can('TOGGLE_RECORDING')} onClick={() => send({ type: 'TOGGLE_RECORDING' })} text={t(call.recording ? 'cti.call.stop_recording' : 'cti.call.record')} />
        )}
        {showReopen && inbound && can('REOPEN_POPUP') && (
          <Button data-testid="call-reopen-popup" icon="share" onClick={() => send({ type: 'REOPEN_POPUP' })} aria-label={t('cti.call.reopen_popup')} title={t('cti.call.reopen_popup')} />
        )}
        <Button data-testid="call-hangup" intent={Intent.DANGER} icon="cross-circle" disabled={!can('HANGUP')} onClick={() => send({ type: 'HANGUP' })} text={t('cti.call.hangup')} />
      </ButtonGroup>
      {call.error && (
        <Callout intent={Intent.DANGER} compact data-testid="call-error" style={{ flexBasis: '100%' }}>
          {call.error.message}{' '}
          <Button variant="minimal" size="small" data-testid="call-error-dismiss" onClick={() => send({ type: 'DISMISS_ERROR' })} text={t('common.close')} />
        </Callout>
      )}
    </div>
  );
}
