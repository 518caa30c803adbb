import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorDialog } from './error-dialog';
import { dismissError, showError } from './error-store';
import { renderWithProviders } from '../testing/render-with-providers';

const axiosError = (status: number, data: unknown) => ({
  isAxiosError: true,
  message: `Request failed with status code ${status}`,
  response: { status, data },
});

afterEach(() => act(() => dismissError()));

describe('error dialog (specification section 8)', () => {
  it('shows the server message', async () => {
    renderWithProviders(<ErrorDialog />);
    act(() => showError(axiosError(500, { message: 'Something went wrong on the server. Please try again.' })));
    expect(await screen.findByTestId('error-dialog-message')).toHaveTextContent(
      'Something went wrong on the server. Please try again.',
    );
  });

  it('shows the message of an answer with an error flag', async () => {
    renderWithProviders(<ErrorDialog />);
    act(() => showError(axiosError(403, { error: true, message: 'You do not have permission to do this.' })));
    expect(await screen.findByTestId('error-dialog-message')).toHaveTextContent('You do not have permission to do this.');
  });

  it('shows the raw data when the answer has no message', async () => {
    renderWithProviders(<ErrorDialog />);
    act(() => showError(axiosError(502, '<html>Bad gateway</html>')));
    expect(await screen.findByTestId('error-dialog-message')).toHaveTextContent('<html>Bad gateway</html>');
  });

  it('shows the error itself when no answer arrived', async () => {
    renderWithProviders(<ErrorDialog />);
    act(() => showError(new Error('Network Error')));
    expect(await screen.findByTestId('error-dialog-message')).toHaveTextContent('Network Error');
  });

  it('lists field messages when no form took them, and closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ErrorDialog />);
    act(() => showError(axiosError(422, { message: 'Some fields need your attention.', errors: { name: ['Too long.'] } })));
    expect(await screen.findByTestId('error-dialog')).toHaveTextContent('Too long.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('error-dialog-message')).not.toBeInTheDocument());
  });
});
