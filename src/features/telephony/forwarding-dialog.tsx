import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { transferEntity } from '../../api/contracts/transfer.contract';
import { revalidateEverywhere } from '../../api/resources/use-resource-mutations';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import { dialableNumber } from '../../api/cti/dialable-number';
import { sendAgentCommand } from '../../shell/telephony/phone-commands';
import { selectAgent } from '../../shell/telephony/phone-view.selectors';
import { usePhone } from '../../shell/telephony/use-phone';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { BarCommandButton } from './bar-command-button';
import { setTelephonyUi, useTelephonyUi } from './telephony-ui-store';
import { focusFirstField } from '../../ui/focus/focus-return';
import { useDialogFocus } from '../../ui/focus/use-dialog-focus';

const FORWARDING_TEXT: Record<string, MessageId> = {
  unknown: 'cti.forwarding.unknown',
  checking: 'cti.forwarding.checking',
  off: 'cti.forwarding.off',
  on: 'cti.forwarding.on',
  setting: 'cti.forwarding.setting',
  removing: 'cti.forwarding.removing',
};

/** The CTI bar's forwarding button (the `forwarding` command): shows where calls go, opens the dialog. */
export function ForwardingButton() {
  const t = useT();
  const agent = usePhone(selectAgent, shallowEqual);
  const on = agent?.forwarding === 'on';
  return (
    <BarCommandButton
      name="forwarding"
      testId="forwarding-button"
      data-forwarding={agent?.forwarding ?? 'unknown'}
      intent={on ? Intent.WARNING : Intent.NONE}
      text={on ? t('cti.forwarding.button_on', { number: agent?.forwardNumber ?? '' }) : undefined}
    />
  );
}

/** Call forwarding: set (digits only), remove, check — the agent-state actor's forwarding region. */
export function ForwardingDialog() {
  const t = useT();
  // Starts on the first field; focus goes back where it was when the dialog closes.
  const focus = useDialogFocus(focusFirstField);
  const isOpen = useTelephonyUi((s) => s.forwarding);
  const agent = usePhone(selectAgent, shallowEqual);
  const [text, setText] = useState('');
  useTransfersFollowTheBar(agent?.forwarding, agent?.forwardNumber ?? null);
  const number = dialableNumber(text);
  const invalid = text.trim() !== '' && number === null;
  const allowed = agent?.allowed ?? [];
  const state = agent?.forwarding ?? 'unknown';
  const close = () => setTelephonyUi({ forwarding: false });
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('cti.forwarding.title')} icon="phone-forward" style={{ width: 465 }} {...focus}>
      <DialogBody>
        <p data-testid="forwarding-status" data-state={state}>
          {t(FORWARDING_TEXT[state] ?? 'cti.forwarding.unknown', { number: agent?.forwardNumber ?? '' })}
        </p>
        <FormGroup
          label={t('cti.forwarding.number')}
          labelFor="cti-forwarding-number"
          intent={invalid ? Intent.DANGER : Intent.NONE}
          helperText={invalid ? t('validation.cti_number_digits') : undefined}
        >
          <InputGroup id="cti-forwarding-number" data-testid="forwarding-number" inputMode="numeric" value={text} onValueChange={setText} />
        </FormGroup>
        {agent?.error?.request === 'forwarding' && (
          <Callout intent={Intent.DANGER} compact data-testid="forwarding-error">
            {agent.error.message}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button data-testid="forwarding-check" icon="refresh" disabled={!allowed.includes('FORWARD_CHECK')} onClick={() => sendAgentCommand({ type: 'FORWARD_CHECK' })} text={t('cti.forwarding.check')} />
            <Button data-testid="forwarding-remove" disabled={!allowed.includes('FORWARD_REMOVE')} onClick={() => sendAgentCommand({ type: 'FORWARD_REMOVE' })} text={t('cti.forwarding.remove')} />
            <Button
              data-testid="forwarding-set"
              intent={Intent.PRIMARY}
              disabled={!number || !allowed.includes('FORWARD_SET')}
              onClick={() => {
                if (number) sendAgentCommand({ type: 'FORWARD_SET', number });
                setText('');
              }}
              text={t('cti.forwarding.set')}
            />
          </>
        }
      />
    </Dialog>
  );
}

/**
 * The bar's forwarding is the transfers record (docs/telephony.md "Call forwarding"): once it settles on
 * a state (set or removed here, or re-checked after a change elsewhere), the transfers lists and their
 * history read the record again, in this window and the others.
 */
function useTransfersFollowTheBar(state: string | undefined, number: string | null): void {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (state === 'on' || state === 'off') void revalidateEverywhere(mutate, [transferEntity.path]);
  }, [state, number, mutate]);
}
