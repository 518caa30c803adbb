import { act, fireEvent, screen } from '@testing-library/react';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { PopupContext } from '../../shell/popups/popup-context';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi } from '../../shell/telephony/testing/phone-harness';
import type { CallView } from '../../machines/call/call.selectors';
import type { PhoneSummary } from '../../machines/phone/phone.selectors';
import InboundPopup from './inbound-popup';

/**
 * The inbound pop-up as a separate *window*: it has no phone of its own. It asks the main window for
 * the phone's summary, draws the call from the summaries it hears, and sends its buttons back as
 * `cti.request`. The test plays the main window on the other end of the BroadcastChannel.
 */
vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

const call = (phase: string, allowed: CallView['allowed']): CallView => ({
  callId: '7.1', uniqueid: '7.1', direction: 'inbound', number: '01055550001', receivedAt: 0, phase, line: phase, popup: 'window',
  member: 'found', memberCount: 1, popupFallback: false, recording: false, transferTarget: null, error: null, endReason: null, connected: phase === 'answered', allowed,
});
const summary = (calls: CallView[]): PhoneSummary => ({
  extension: '1001',
  registration: { state: 'registered', registered: true, extension: '1001', extenStatus: 51, status: 8, socketConnected: true, error: null, canRetry: false },
  agent: { status: 'available', settled: 'available', pending: null, dnd: 'off', forwarding: 'off', forwardNumber: null, error: null, allowed: ['REQUEST'] },
  calls,
  supervision: null,
  error: null,
});

describe('inbound pop-up in its own window', () => {
  beforeAll(() => window.history.replaceState(null, '', '/window/inbound?uniqueid=7.1'));
  afterAll(() => window.history.replaceState(null, '', '/'));

  it('reflects the leader through the bridge and sends commands back', async () => {
    vi.useFakeTimers();
    vi.mocked(http.post).mockResolvedValue({ data: { phone_number: '01055550001', memberCount: 0, data: [] } });
    await signInAs(makeUserInfo({ permissions: ['dashboard', 'cti_transfer'] }));
    const mainWindow = new LocalBroadcastChannel('callcentre');
    const heard: unknown[] = [];
    mainWindow.addEventListener('message', (event) => heard.push(event.data));
    const toPopups = (message: unknown) => mainWindow.postMessage({ source: 'callcentre-bridge', target: 'popups', message });

    const query = { phone_no: '01055550001', uniqueid: '7.1', ext_no: '1001' };
    renderPhoneUi(
      <PopupContext value={{ popupId: 'inbound', presentation: 'window', params: {}, query, close: vi.fn() }}>
        <InboundPopup />
      </PopupContext>,
    );
    await flush();
    // On open it asks the leader for the phone's state.
    expect(heard).toContainEqual({ source: 'callcentre-bridge', target: 'main', message: { type: 'cti.request', action: 'command', payload: { type: 'REFRESH_SUMMARY' } } });
    expect(screen.getByTestId('call-panel')).toHaveAttribute('data-phase', 'unknown');

    await act(async () => toPopups({ type: 'cti.state', summary: summary([call('ringing', ['ANSWER', 'HANGUP'])]) }));
    await flush();
    expect(screen.getByTestId('call-phase')).toHaveTextContent('Ringing');
    expect(screen.getByTestId('call-transfer')).toBeDisabled();

    await act(async () => void fireEvent.click(screen.getByTestId('call-answer')));
    await flush();
    expect(heard).toContainEqual({
      source: 'callcentre-bridge',
      target: 'main',
      message: { type: 'cti.request', action: 'command', payload: { type: 'CALL_COMMAND', callId: '7.1', command: { type: 'ANSWER' } } },
    });

    await act(async () => toPopups({ type: 'cti.state', summary: summary([call('answered', ['HANGUP', 'TRANSFER_BLIND', 'TRANSFER_ATTENDED'])]) }));
    await flush();
    expect(screen.getByTestId('call-phase')).toHaveTextContent('Talking');
    expect(screen.getByTestId('call-transfer')).toBeEnabled();

    await act(async () => toPopups({ type: 'cti.state', summary: summary([]) }));
    await flush();
    expect(screen.getByTestId('call-ended')).toHaveTextContent('Call ended');
    vi.useRealTimers();
    await signOut();
  });
});
