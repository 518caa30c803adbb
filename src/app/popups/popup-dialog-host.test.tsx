import { describe, expect, it, afterEach } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { PopupDialogHost } from './popup-dialog-host';
import { closeAllDialogs, closeDialog, getDialogsSnapshot, openDialog } from '../../shell/popups/dialog-store';
import { usePopup } from '../../shell/popups/popup-context';
import en from '../../i18n/messages/en.json';

afterEach(() => {
  act(() => closeAllDialogs());
});

function renderHost() {
  return render(
    <IntlProvider locale="en" messages={en} onError={() => {}}>
      <PopupDialogHost />
    </IntlProvider>,
  );
}

describe('PopupDialogHost', () => {
  it('renders an open pop-up as a dialog of the registered size, with its screen and title', async () => {
    renderHost();
    act(() => {
      openDialog({ popupId: 'view-task', params: { id: '1' }, query: {}, url: '/window/view-task/1' });
    });
    const dialog = await screen.findByRole('dialog');
    // popup-dialog.css sizes it from these, held below the CTI bar.
    expect(dialog).toHaveClass('popup-dialog');
    expect(dialog.style.getPropertyValue('--popup-width')).toBe('900px');
    expect(dialog.style.getPropertyValue('--popup-height')).toBe('600px');
    expect(screen.getByRole('heading', { name: en['popup.view-task'] })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('not-available-yet')).toBeInTheDocument());
  });

  it('closes from the close button', async () => {
    renderHost();
    act(() => {
      openDialog({ popupId: 'view-task', params: { id: '1' }, query: {}, url: '/window/view-task/1' });
    });
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(getDialogsSnapshot()).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows several pop-ups at once', async () => {
    renderHost();
    act(() => {
      openDialog({ popupId: 'view-task', params: { id: '1' }, query: {}, url: '/window/view-task/1' });
      openDialog({ popupId: 'send-sms', params: { number: '010' }, query: {}, url: '/window/send-sms/010' });
    });
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
  });

  it("shows a call's select-member pop-up instead of its inbound pop-up until a member is chosen (specification §4)", async () => {
    renderHost();
    const titles = () => screen.queryAllByRole('dialog').map((d) => d.querySelector('h6, .bp6-heading')?.textContent);
    act(() => {
      openDialog({ popupId: 'inbound', params: {}, query: { uniqueid: '1.1', phone_no: '01055550002' }, url: '/window/inbound?uniqueid=1.1' });
      openDialog({ popupId: 'inbound', params: {}, query: { uniqueid: '2.2', phone_no: '01055550001' }, url: '/window/inbound?uniqueid=2.2' });
    });
    await waitFor(() => expect(titles()).toEqual([en['popup.inbound'], en['popup.inbound']]));
    let selecting = '';
    act(() => {
      selecting = openDialog({ popupId: 'inbound-select-member', params: {}, query: { uniqueid: '1.1', phone_no: '01055550002' }, url: '/window/inbound/select-member?uniqueid=1.1' });
    });
    // The other call's pop-up stays; this call's waits behind its choice.
    await waitFor(() => expect(titles()).toEqual([en['popup.inbound'], en['popup.inbound-select-member']]));
    expect(getDialogsSnapshot()).toHaveLength(3);
    act(() => closeDialog(selecting));
    await waitFor(() => expect(titles()).toEqual([en['popup.inbound'], en['popup.inbound']]));
  });
});

describe('usePopup', () => {
  it('is null outside a pop-up', () => {
    let seen: unknown = 'unset';
    function Probe() {
      seen = usePopup();
      return null;
    }
    render(<Probe />);
    expect(seen).toBeNull();
  });

  it('stands in for a window: no modal trap, later pop-ups cascade, a ring does not take the focus', async () => {
    const { container } = renderHost();
    const typing = document.createElement('textarea');
    container.appendChild(typing);
    typing.focus();
    act(() => {
      openDialog({ popupId: 'view-task', params: { id: '1' }, query: {}, url: '/window/view-task/1', quiet: true });
      openDialog({ popupId: 'send-sms', params: { number: '010' }, query: {}, url: '/window/send-sms/010', quiet: true });
    });
    const [first, second] = await screen.findAllByRole('dialog');
    expect(first!.closest('.popup-dialog-portal')).not.toBeNull();
    expect(second).toHaveStyle({ marginTop: '24px', marginLeft: '24px' });
    // An agent typing another call's consultation keeps typing there.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(typing);
  });
});
