import { useState, type FormEvent } from 'react';
import { Button, ControlGroup, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { dialableNumber } from '../../api/cti/dialable-number';
import { sendPhoneCommand } from '../../shell/telephony/phone-commands';
import { selectIsRegistered } from '../../shell/telephony/phone-view.selectors';
import { usePhone } from '../../shell/telephony/use-phone';
import { useT } from '../../i18n/use-t';

export interface DialFormProps {
  /** The number to start with (path parameter or the member's number). */
  initialNumber: string;
  /** The number being shown changed (so the pop-up follows the call to it). */
  onNumberChange: (dialable: string | null) => void;
  /** A call to this number is in progress: dialling again would place a second one. */
  busy: boolean;
}

/** The outbound pop-ups' dial form: digits only, dialled through the phone that owns the connection. */
export function DialForm({ initialNumber, onNumberChange, busy }: DialFormProps) {
  const t = useT();
  const registered = usePhone(selectIsRegistered);
  const [text, setText] = useState(initialNumber);
  const number = dialableNumber(text);
  const invalid = text.trim() !== '' && number === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (number && registered && !busy) sendPhoneCommand({ type: 'DIAL', number, method: 'dial' });
  };
  return (
    <form onSubmit={submit} data-testid="outbound-dial-form">
      <FormGroup
        label={t('cti.dial_pad.number')}
        labelFor="cti-outbound-number"
        intent={invalid ? Intent.DANGER : Intent.NONE}
        helperText={invalid ? t('validation.cti_number_digits') : !registered ? t('errors.cti_not_logged_in') : undefined}
      >
        <ControlGroup fill>
          <InputGroup
            id="cti-outbound-number"
            data-testid="outbound-number"
            inputMode="numeric"
            value={text}
            intent={invalid ? Intent.DANGER : Intent.NONE}
            onValueChange={(value) => {
              setText(value);
              onNumberChange(dialableNumber(value));
            }}
          />
          <Button type="submit" data-testid="outbound-dial" intent={Intent.SUCCESS} icon="phone" disabled={!number || !registered || busy} text={t('cti.dial_pad.call')} />
        </ControlGroup>
      </FormGroup>
    </form>
  );
}
