import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { setLanguage } from '../../i18n/language-store';
import { renderWithProviders } from '../testing/render-with-providers';
import { DayInput } from './day-input';

function Harness({ start = '', onChange = () => {}, onSubmit }: { start?: string; onChange?: (day: string) => void; onSubmit?: () => void }) {
  const [value, setValue] = useState(start);
  const input = (
    <DayInput
      data-testid="day"
      aria-label="Day"
      value={value}
      onChange={(day) => {
        setValue(day);
        onChange(day);
      }}
    />
  );
  return onSubmit ? (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {input}
    </form>
  ) : (
    input
  );
}

afterEach(() => {
  cleanup();
  setLanguage('en');
  delete (HTMLInputElement.prototype as Partial<HTMLInputElement>).showPicker;
});

describe('DayInput: a day in the page language, not the browser’s', () => {
  it('shows the day as the rest of the app does, and follows a change of language', () => {
    renderWithProviders(<Harness start="2026-11-27" />);
    const box = screen.getByTestId('day');
    expect(box).toHaveAttribute('type', 'text');
    expect(box).toHaveValue('Nov 27, 2026');
    act(() => setLanguage('kr'));
    expect(box).toHaveValue('2026. 11. 27.');
    expect(box.getAttribute('placeholder')).toMatch(/^예: \d{4}\. \d{1,2}\. \d{1,2}\.$/);
  });

  it('reads a day typed in Korean order when it loses focus', async () => {
    setLanguage('kr');
    const changes: string[] = [];
    renderWithProviders(<Harness onChange={(day) => changes.push(day)} />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('day'), '2026. 11. 27.');
    expect(changes).toEqual([]);
    await user.tab();
    expect(changes).toEqual(['2026-11-27']);
    expect(screen.getByTestId('day')).toHaveValue('2026. 11. 27.');
  });

  it("reads English's order on Enter, and a form submits only with the day on screen", async () => {
    const changes: string[] = [];
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onChange={(day) => changes.push(day)} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('day'), 'nov 27 2026{Enter}');
    expect(changes).toEqual(['2026-11-27']);
    expect(screen.getByTestId('day')).toHaveValue('Nov 27, 2026');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByTestId('day'), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps text it cannot read, says how to write it, and keeps the value; Escape goes back', async () => {
    const changes: string[] = [];
    renderWithProviders(<Harness start="2026-11-27" onChange={(day) => changes.push(day)} />);
    const user = userEvent.setup();
    const box = screen.getByTestId('day');
    await user.clear(box);
    await user.type(box, '2025. 2. 30.{Enter}');
    expect(changes).toEqual([]);
    expect(box).toHaveValue('2025. 2. 30.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('day-unreadable')).toHaveTextContent(/^Not a day this can read: write it like [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByTestId('day-unreadable').id);
    await user.type(box, '{Escape}');
    expect(box).toHaveValue('Nov 27, 2026');
    expect(screen.queryByTestId('day-unreadable')).toBeNull();
  });

  it('clears the day when the text is cleared', async () => {
    const changes: string[] = [];
    renderWithProviders(<Harness start="2026-11-27" onChange={(day) => changes.push(day)} />);
    const user = userEvent.setup();
    await user.clear(screen.getByTestId('day'));
    await user.tab();
    expect(changes).toEqual(['']);
  });

  it("opens the browser's calendar where it can, and takes the day picked there", async () => {
    const showPicker = vi.fn();
    Object.defineProperty(HTMLInputElement.prototype, 'showPicker', { value: showPicker, configurable: true });
    const changes: string[] = [];
    const { container } = renderWithProviders(<Harness onChange={(day) => changes.push(day)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Choose on a calendar' }));
    expect(showPicker).toHaveBeenCalledTimes(1);
    const picker = container.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect(picker).toHaveAttribute('tabindex', '-1');
    fireEvent.change(picker, { target: { value: '2026-03-01' } });
    expect(changes).toEqual(['2026-03-01']);
    expect(screen.getByTestId('day')).toHaveValue('Mar 1, 2026');
  });
});
