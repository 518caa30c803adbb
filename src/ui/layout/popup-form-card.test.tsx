import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PopupFormCard } from './popup-form-card';

function LaterForm() {
  const [loaded, setLoaded] = useState(false);
  return (
    <PopupFormCard testId="later-popup">
      {loaded ? <input aria-label="Title" /> : <button onClick={() => setLoaded(true)}>load</button>}
    </PopupFormCard>
  );
}

describe('PopupFormCard', () => {
  it('starts in the first usable field', () => {
    render(
      <PopupFormCard testId="add-popup">
        <input aria-label="Disabled" disabled />
        <input aria-label="Name" />
        <input aria-label="Phone" />
      </PopupFormCard>,
    );
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('focuses the form when it appears after loading', async () => {
    render(<LaterForm />);
    expect(document.body).toHaveFocus();
    await act(async () => screen.getByText('load').click());
    expect(screen.getByLabelText('Title')).toHaveFocus();
  });

  it('does not take focus from a field the user is typing in elsewhere', () => {
    render(<input aria-label="Call notes" />);
    screen.getByLabelText('Call notes').focus();
    render(
      <PopupFormCard testId="add-popup">
        <input aria-label="Name" />
      </PopupFormCard>,
    );
    expect(screen.getByLabelText('Call notes')).toHaveFocus();
  });
});
