import { Tag } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import { PhoneNumberLink } from '../../ui/telephony/phone-number-link';

/**
 * A member's number in lists and details: click-to-call like every number the app shows (grouped for
 * reading, plain text for a user who may not dial), with a mobile tag for numbers starting with 01.
 */
export function PhoneNumberCell({ phoneNumber, isMobile }: { phoneNumber: string; isMobile: boolean }) {
  const t = useT();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
      <PhoneNumberLink number={phoneNumber} testId="phone-number" />
      {isMobile && (
        <Tag minimal round data-testid="mobile-tag">
          {t('member.phone_type.mobile')}
        </Tag>
      )}
    </span>
  );
}
