import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { dialableNumber } from '../../api/cti/dialable-number';
import { placeCall, useWantsOutboundPopup } from '../../shell/telephony/place-call';
import { selectIsRegistered } from '../../shell/telephony/phone-view.selectors';
import { usePhone } from '../../shell/telephony/use-phone';
import { useT } from '../../i18n/use-t';
import { BarCommandButton } from './bar-command-button';
import { DialPadCallerId } from './dial-pad-caller-id';
import { setTelephonyUi, useTelephonyUi } from './telephony-ui-store';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

/** Opens the dial pad (the `dial-pad` command, also Alt+D). */
export function DialPadButton() {
  return <BarCommandButton name="dial-pad" testId="dial-pad-button" />;
}

/**
 * Digits only (separators people type are dropped; letters, +, * and # are refused, as the CTI server
 * refuses them), 1 to 20 digits. Dials through the phone root like click-to-call.
 */
export function DialPadDialog() {
  const t = useT();
  const isOpen = useTelephonyUi((s) => s.dialPad);
  const registered = usePhone(selectIsRegistered);
  const wantsOutboundPopup = useWantsOutboundPopup();
  const [text, setText] = useState('');
  const number = dialableNumber(text);
  const invalid = text.trim() !== '' && number === null;
  const close = () => setTelephonyUi({ dialPad: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!number || !registered) return;
    placeCall(number, 'dial', wantsOutboundPopup);
    setText('');
    close();
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('cti.dial_pad.title')} icon="numerical" style={{ width: 320 }}>
      <DialogBody>
        <form onSubmit={submit}>
          <FormGroup
            label={t('cti.dial_pad.number')}
            labelFor="cti-dial-pad-input"
            intent={invalid ? Intent.DANGER : Intent.NONE}
            helperText={invalid ? <span data-testid="dial-pad-error">{t('validation.cti_number_digits')}</span> : !registered ? t('errors.cti_not_logged_in') : undefined}
          >
            <InputGroup
              id="cti-dial-pad-input"
              data-testid="dial-pad-input"
              inputMode="numeric"
              autoFocus
              value={text}
              intent={invalid ? Intent.DANGER : Intent.NONE}
              onValueChange={setText}
            />
          </FormGroup>
          <DialPadCallerId active={isOpen} />
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 6, marginBottom: 12 }}>
            {KEYS.map((key) => (
              <Button key={key} data-testid={`dial-pad-key-${key}`} onClick={() => setText((v) => v + key)} text={key} style={key === '0' ? { gridColumn: 2 } : undefined} />
            ))}
          </div>
          <div style={{ display: 'flex', gap: 6, justifyContent: 'space-between' }}>
            <Button data-testid="dial-pad-backspace" icon="delete" aria-label={t('cti.dial_pad.backspace')} onClick={() => setText((v) => v.slice(0, -1))} />
            <Button type="submit" data-testid="dial-pad-call" intent={Intent.SUCCESS} icon="phone" disabled={!number || !registered} text={t('cti.dial_pad.call')} />
          </div>
        </form>
      </DialogBody>
    </Dialog>
  );
}
