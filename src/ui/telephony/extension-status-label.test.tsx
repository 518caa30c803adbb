import { screen } from '@testing-library/react';
import { setLanguage } from '../../i18n/language-store';
import { renderWithProviders } from '../testing/render-with-providers';
import { ExtensionStatusLabel } from './extension-status-label';

/** Specification section 4: the status codes and their labels, in both languages. */
const TABLE: [code: number | null, label: string, en: string, kr: string][] = [
  [1, 'busy', 'Busy', '통화 중'],
  [4, 'logout', 'Logged out', '로그아웃'],
  [-1, 'logout', 'Logged out', '로그아웃'],
  [8, 'ringing', 'Ringing', '벨 울림'],
  [11, 'rest', 'Rest', '휴식'],
  [21, 'lunch', 'Lunch', '점심'],
  [31, 'after_call', 'After-call', '후처리'],
  [12, 'consultation_available', 'Consultation available', '상담 가능'],
  [22, 'consultation_available', 'Consultation available', '상담 가능'],
  [32, 'consultation_available', 'Consultation available', '상담 가능'],
  [0, 'default', 'Available', '대기'],
  [2, 'default', 'Available', '대기'],
  [99, 'default', 'Available', '대기'],
  [null, 'default', 'Available', '대기'],
];

afterEach(() => setLanguage('en'));

describe('ExtensionStatusLabel', () => {
  it.each(TABLE)('code %s is %s (%s / %s)', (code, label, en, kr) => {
    const { unmount } = renderWithProviders(<ExtensionStatusLabel code={code} testId="label" />);
    expect(screen.getByTestId('label')).toHaveAttribute('data-label', label);
    expect(screen.getByTestId('label')).toHaveAttribute('data-status', code === null ? '' : String(code));
    expect(screen.getByTestId('label')).toHaveTextContent(en);
    unmount();
    setLanguage('kr');
    renderWithProviders(<ExtensionStatusLabel code={code} testId="label" />);
    expect(screen.getByTestId('label')).toHaveTextContent(kr);
  });
});
