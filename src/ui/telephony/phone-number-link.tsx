import { Button, Icon } from '@blueprintjs/core';
import { dialableNumber } from '../../api/cti/dialable-number';
import { useT } from '../../i18n/use-t';
import { domestic, formatPhoneNumber, isMobileNumber } from './format-phone';
import { usePhoneDialer } from './phone-dial-context';

export interface PhoneNumberLinkProps {
  /** The number as stored (digits) or as typed; only dialable numbers become click-to-call. */
  number: string;
  /** @default 'phone-number-link' */
  testId?: string;
  /** False shows the number without click-to-call (e.g. the party of the call in progress). @default true */
  dialable?: boolean;
}

/**
 * A phone number anywhere in the app: mobile icon for 01… (specification section 9), grouped digits,
 * and click-to-call through the telephony root when the user may dial.
 */
export function PhoneNumberLink({ number, testId = 'phone-number-link', dialable = true }: PhoneNumberLinkProps) {
  const t = useT();
  const dialer = usePhoneDialer();
  // A caller the PBX reports as +82… is called back on its domestic number.
  const digits = dialableNumber(domestic(number));
  const mobile = isMobileNumber(number);
  const icon = mobile ? 'mobile-phone' : 'phone';
  const text = formatPhoneNumber(number);
  if (!dialable || !dialer?.canDial || !digits) {
    return (
      <span data-testid={testId} data-mobile={mobile} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}>
        <Icon icon={icon} aria-hidden />
        {text}
      </span>
    );
  }
  return (
    <Button
      variant="minimal"
      size="small"
      icon={icon}
      text={text}
      data-testid={testId}
      data-mobile={mobile}
      // A number is read as one word: never "010-/5555-/0002" in a narrow column.
      style={{ whiteSpace: 'nowrap' }}
      aria-label={t('cti.click_to_call', { number: text })}
      title={t('cti.click_to_call', { number: text })}
      onClick={() => dialer.dial(digits)}
    />
  );
}
