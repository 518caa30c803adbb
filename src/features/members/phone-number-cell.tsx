import { Icon, Tag } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import { formatPhoneNumber } from './phone-format';

/** A stored (normalised) number, grouped for reading, with a mobile tag for numbers starting with 01. */
export function PhoneNumberCell({ phoneNumber, isMobile }: { phoneNumber: string; isMobile: boolean }) {
  const t = useT();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
      <Icon icon={isMobile ? 'mobile-phone' : 'phone'} aria-hidden />
      <span data-testid="phone-number">{formatPhoneNumber(phoneNumber)}</span>
      {isMobile && (
        <Tag minimal round data-testid="mobile-tag">
          {t('member.phone_type.mobile')}
        </Tag>
      )}
    </span>
  );
}
