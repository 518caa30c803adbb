import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { PopupDialogHost } from './popup-dialog-host';
import { closeAllDialogs, openDialog } from '../../shell/popups/dialog-store';
import en from '../../i18n/messages/en.json';

// QA 8: a pop-up shown as a dialog is unmounted when it closes, with no exit transition, so Blueprint's
// own return of focus never ran and focus was left on <body>.

afterEach(() => {
  act(() => closeAllDialogs());
});

function renderListAndHost() {
  return render(
    <IntlProvider locale="en" messages={en} onError={() => {}}>
      <div data-focus-scope="">
        <table data-testid="list-table" data-focus-fallback="1">
          <tbody>
            <tr>
              <td>
                <button
                  type="button"
                  data-testid="edit-3"
                  onClick={() => openDialog({ popupId: 'view-task', params: { id: '3' }, query: {}, url: '/window/view-task/3' })}
                />
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <PopupDialogHost />
    </IntlProvider>,
  );
}

async function openThenEscape() {
  const opener = screen.getByTestId('edit-3');
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog');
  fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('focus after a pop-up dialog closes', () => {
  it('goes back to the control that opened it', async () => {
    renderListAndHost();
    await openThenEscape();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('edit-3')));
  });

  it('goes to the list when that control is gone', async () => {
    renderListAndHost();
    const opener = screen.getByTestId('edit-3');
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    opener.remove();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('list-table')));
  });

  it('is left alone on sign-out (every dialog closed at once)', async () => {
    renderListAndHost();
    const opener = screen.getByTestId('edit-3');
    opener.focus();
    fireEvent.click(opener);
    const close = await screen.findByRole('button', { name: /close/i });
    close.focus();
    act(() => closeAllDialogs());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(document.body);
  });
});
