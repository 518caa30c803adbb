import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { PopupScreen } from '../layouts/popup-screen';
import { closeAllDialogs, getDialogsSnapshot, openDialog } from '../../shell/popups/dialog-store';
import { PopupDialogHost } from '../popups/popup-dialog-host';
import { getPopup } from '../popups/registry';
import { stopTelephony } from '../../shell/telephony/telephony-lifecycle';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi, startTestPhone } from '../../shell/telephony/testing/phone-harness';
import { fakeConsultationApi } from '../../ui/consultation/testing/fake-consultation-api';
import { MISSED_POPUP_CLOSE_MS } from '../../features/inbound-call/inbound-popup';

/**
 * Closing a call pop-up while its consultation is being written: the dialog asks first (Escape, ×),
 * the window has the browser ask (beforeunload); with nothing typed both close at once.
 */
vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

const query = { phone_no: '0221234999', ext_no: '1001', uniqueid: '3.1', modal_id: '3.1' };
const url = '/window/inbound?phone_no=0221234999&ext_no=1001&uniqueid=3.1&modal_id=3.1';

beforeEach(async () => {
  const api = fakeConsultationApi();
  vi.mocked(http.post).mockImplementation((async (path: string, body?: unknown) =>
    path.startsWith('member/phone-number/')
      ? { data: { phone_number: '0221234999', memberCount: 0, data: [] } }
      : api.post(path, body)) as never);
  await signInAs(makeUserInfo({ permissions: ['dashboard', 'members', 'consultations'] }));
});
afterEach(async () => {
  cleanup();
  act(() => closeAllDialogs());
  stopTelephony();
  await signOut();
});

async function openInboundDialog() {
  renderPhoneUi(<PopupDialogHost />);
  act(() => void openDialog({ popupId: 'inbound', params: {}, query, url }));
  return screen.findByTestId('content', {}, { timeout: 5_000 });
}

describe('closing the inbound pop-up as a dialog', () => {
  it('with nothing typed (or all of it erased again) closes at once', async () => {
    const content = await openInboundDialog();
    fireEvent.change(content, { target: { value: '배송' } });
    fireEvent.keyDown(content, { key: 'Escape' });
    expect(await screen.findByTestId('confirm-message')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-message')).toBeNull());

    fireEvent.change(content, { target: { value: '' } });
    fireEvent.keyDown(content, { key: 'Escape' });
    expect(getDialogsSnapshot()).toHaveLength(0);
    expect(screen.queryByTestId('confirm-message')).toBeNull();
  });

  it('with an unsaved consultation asks first: Cancel keeps it open, Close closes it and keeps the draft', async () => {
    const content = await openInboundDialog();
    fireEvent.change(content, { target: { value: '배송이 늦어짐' } });

    // Escape from inside the text area does not close the pop-up on the agent's typing.
    fireEvent.keyDown(content, { key: 'Escape' });
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent('The consultation is not saved yet. What you typed stays on this computer as a draft');
    expect(getDialogsSnapshot()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-message')).toBeNull());
    expect(getDialogsSnapshot()).toHaveLength(1);
    expect(screen.getByTestId('content')).toHaveValue('배송이 늦어짐');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByTestId('confirm-message')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm-accept'));
    expect(getDialogsSnapshot()).toHaveLength(0);
    await waitFor(() => expect(screen.queryByTestId('content')).toBeNull());
    expect(JSON.parse(localStorage.getItem('consultationDraft:3.1') ?? '{}').values).toMatchObject({ content: '배송이 늦어짐' });
  });
});

describe('closing the inbound pop-up window', () => {
  it('has the browser ask while the consultation is unsaved, and not before', async () => {
    renderPhoneUi(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/window/inbound" element={<PopupScreen def={getPopup('inbound')!} />} />
        </Routes>
      </MemoryRouter>,
    );
    const content = await screen.findByTestId('content', {}, { timeout: 5_000 });
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    fireEvent.change(content, { target: { value: '배송이 늦어짐' } });
    await waitFor(() => expect(leave()).toBe(true));
  });
});

describe('a call that only rang here', () => {
  async function ringThenHangUp(typed: string) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const phone = startTestPhone({ user: makeUserInfo({ permissions: ['dashboard', 'members', 'consultations'] }) });
    await act(async () => phone.connection.serverConnect());
    await act(async () => phone.connection.serverEmit('inbound_call', { ...query, ring_gr: '', chanel: 'SIP/1001-3', ivr_number: '', recordingfile: '', server: 'pbx' }));
    const content = await openInboundDialog();
    if (typed) fireEvent.change(content, { target: { value: typed } });
    await act(async () => phone.connection.serverEmit('call_state', { uniqueid: '3.1', state: 'hangup', extension: '1001', number: '0221234999' }));
    await flush(MISSED_POPUP_CLOSE_MS + 100);
  }
  afterEach(() => vi.useRealTimers());

  it('closes its pop-up by itself when nothing was typed in it', async () => {
    await ringThenHangUp('');
    expect(getDialogsSnapshot()).toHaveLength(0);
  });

  it('keeps its pop-up, without asking, when the agent typed in it', async () => {
    await ringThenHangUp('부재중 고객');
    expect(getDialogsSnapshot()).toHaveLength(1);
    expect(screen.queryByTestId('confirm-message')).toBeNull();
  });
});

