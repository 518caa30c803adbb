import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render-with-providers';
import { formatPhoneNumber, isMobileNumber } from './format-phone';
import { PhoneDialContext } from './phone-dial-context';
import { PhoneNumberLink } from './phone-number-link';

/** The link for a user whose phone may dial; answers the link and the phone's dial spy. */
function renderDialable(number: string) {
  const dial = vi.fn();
  renderWithProviders(
    <PhoneDialContext value={{ dial, canDial: true }}>
      <PhoneNumberLink number={number} />
    </PhoneDialContext>,
  );
  return { link: screen.getByTestId('phone-number-link'), dial };
}

describe('PhoneNumberLink', () => {
  it('dials the digits through the phone and marks mobile numbers', () => {
    const { link, dial } = renderDialable('010-5555-0001');
    expect(link).toHaveTextContent('010-5555-0001');
    expect(link).toHaveAttribute('data-mobile', 'true');
    expect(link).toHaveAccessibleName('Call 010-5555-0001');
    fireEvent.click(link);
    expect(dial).toHaveBeenCalledWith('01055550001');
    // One word in a narrow column, never split at its hyphens (QA).
    expect(link).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('shows and calls back a number in the international form as the domestic one', () => {
    const { link, dial } = renderDialable('+821055550001');
    expect(link).toHaveTextContent('010-5555-0001');
    expect(link).toHaveAttribute('data-mobile', 'true');
    fireEvent.click(link);
    expect(dial).toHaveBeenCalledWith('01055550001');
  });

  it('is plain text without a phone, when the user may not dial, or for undialable text', () => {
    const { rerender } = renderWithProviders(<PhoneNumberLink number="0221234567" />);
    expect(screen.getByTestId('phone-number-link').tagName).toBe('SPAN');
    expect(screen.getByTestId('phone-number-link')).toHaveAttribute('data-mobile', 'false');
    expect(screen.getByTestId('phone-number-link')).toHaveStyle({ whiteSpace: 'nowrap' });
    rerender(
      <PhoneDialContext value={{ dial: vi.fn(), canDial: false }}>
        <PhoneNumberLink number="0221234567" />
      </PhoneDialContext>,
    );
    expect(screen.getByTestId('phone-number-link').tagName).toBe('SPAN');
    rerender(
      <PhoneDialContext value={{ dial: vi.fn(), canDial: true }}>
        <PhoneNumberLink number="call me" />
      </PhoneDialContext>,
    );
    expect(screen.getByTestId('phone-number-link').tagName).toBe('SPAN');
  });

  it('formats Korean numbers for reading only', () => {
    expect(formatPhoneNumber('01055550001')).toBe('010-5555-0001');
    expect(formatPhoneNumber('0221234567')).toBe('02-2123-4567');
    expect(formatPhoneNumber('1002')).toBe('1002');
    expect(formatPhoneNumber('anonymous')).toBe('anonymous');
    expect(isMobileNumber('010-1234-5678')).toBe(true);
    expect(isMobileNumber('0212345678')).toBe(false);
    // A caller the PBX reports in the international form reads and counts like the domestic one (QA).
    expect(formatPhoneNumber('+821055550001')).toBe('010-5555-0001');
    expect(formatPhoneNumber('+82 2-2123-4567')).toBe('02-2123-4567');
    expect(isMobileNumber('+821055550001')).toBe(true);
    expect(isMobileNumber('+82212345678')).toBe(false);
  });
});
