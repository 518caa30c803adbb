import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from '../../api/http';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import ConsultationOneTouchRecordingFilePopup from './consultation-one-touch-recording-file-popup';
import ConsultationRecordingFilePopup from './consultation-recording-file-popup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));

const axiosError = (status: number, data: unknown) => ({ isAxiosError: true, message: `status ${status}`, response: { status, data } });
const file = (name: string) => ({
  file_name: name,
  url: `/api/v1/cti/consultations/recording-stream?unique_id=1.1&file=${name}&token=t`,
  download_url: `/api/v1/cti/consultations/recording-stream?unique_id=1.1&file=${name}&token=t&download=1`,
  expires_at: '2026-01-05T01:10:00.000Z',
});

function renderPopup(popup: 'call' | 'one-touch', query: Record<string, string>, answer: () => unknown) {
  const calls: { path: string; body: unknown }[] = [];
  vi.mocked(http.post).mockImplementation((async (path: string, body: unknown) => {
    calls.push({ path, body });
    return { data: await answer() };
  }) as never);
  const context: PopupContextValue = { popupId: popup, presentation: 'window', params: {}, query, close: vi.fn() };
  renderWithFreshCache(<PopupContext value={context}>{popup === 'call' ? <ConsultationRecordingFilePopup /> : <ConsultationOneTouchRecordingFilePopup />}</PopupContext>);
  return calls;
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});

describe('consultation-recording-file', () => {
  it('asks for the call named by unique_id and src, then plays and offers the file for download', async () => {
    const calls = renderPopup('call', { unique_id: '1.1', src: '01055550001' }, () => ({ data: { unique_id: '1.1', ...file('rec-1.1.wav') } }));
    const audio = await screen.findByTestId('recording-0-audio');
    expect(audio).toHaveAttribute('src', file('rec-1.1.wav').url);
    expect(audio).toHaveAttribute('controls');
    expect(audio).toHaveAccessibleName('Recording rec-1.1.wav');
    expect(screen.getByTestId('recording-0-download')).toHaveAttribute('href', file('rec-1.1.wav').download_url);
    expect(screen.getByTestId('recording-0-name')).toHaveTextContent('rec-1.1.wav');
    expect(calls).toEqual([{ path: 'cti/consultations/show-recording-file', body: { unique_id: '1.1', src: '01055550001' } }]);
    // The window says what it plays and whose call it was (QA).
    expect(screen.getByTestId('popup-window-heading')).toHaveTextContent('Recording · 010-5555-0001');
  });

  it('passes dst for an outbound call', async () => {
    const calls = renderPopup('call', { unique_id: '1.2', dst: '0212345678' }, () => ({ data: { unique_id: '1.2', ...file('out.wav') } }));
    await screen.findByTestId('recording-0-audio');
    expect(calls[0]!.body).toEqual({ unique_id: '1.2', dst: '0212345678' });
  });

  it('shows the server message when the call has no recording', async () => {
    renderPopup('call', { unique_id: '1.3' }, () => {
      throw axiosError(404, { error: true, message: 'There is no recording for this call.' });
    });
    const missing = await screen.findByTestId('recording-missing');
    expect(missing).toHaveTextContent('No recording');
    expect(missing).toHaveTextContent('There is no recording for this call.');
  });

  it.each([
    ['another call’s number (404 "No record found.")', 404, { error: true, message: 'No record found.' }],
    ['a malformed uniqueid (422)', 422, { message: 'Some fields need your attention.', errors: { unique_id: ['Invalid value.'] } }],
  ])('says there is no recording for %s', async (_case, status, body) => {
    renderPopup('call', { unique_id: 'x', src: '1' }, () => {
      throw axiosError(status, body);
    });
    expect(await screen.findByTestId('recording-missing')).toHaveTextContent('There is no recording for this call.');
  });

  it('shows what went wrong when the server fails', async () => {
    renderPopup('call', { unique_id: '1.4' }, () => {
      throw axiosError(500, { error: true, message: 'The recording server did not answer.' });
    });
    expect(await screen.findByTestId('recording-missing')).toHaveTextContent('The recording server did not answer.');
  });

  it('says so when the window was opened without a call', async () => {
    const calls = renderPopup('call', {}, () => ({}));
    expect(await screen.findByTestId('recording-missing')).toHaveTextContent('No call was given to this window.');
    expect(calls).toEqual([]);
  });

  it('tells the user when the browser cannot play the file', async () => {
    renderPopup('call', { unique_id: '1.1' }, () => ({ data: { unique_id: '1.1', ...file('rec-1.1.wav') } }));
    fireEvent.error(await screen.findByTestId('recording-0-audio'));
    expect(await screen.findByTestId('recording-0-failed')).toHaveTextContent('The recording could not be played. Try downloading it.');
  });
});

describe('consultation-one-touch-recording-file', () => {
  it('plays every one-touch recording of the call', async () => {
    const calls = renderPopup('one-touch', { unique_id: '1.1', src: '0101' }, () => ({ data: [file('otr-a.wav'), file('otr-b.wav')] }));
    await waitFor(() => expect(screen.getAllByTestId(/^recording-\d-audio$/)).toHaveLength(2));
    expect(screen.getByTestId('recording-1-name')).toHaveTextContent('otr-b.wav');
    expect(calls[0]!.path).toBe('cti/consultations/show-one-touch-recording-file');
    expect(screen.getByTestId('popup-window-heading')).toHaveTextContent('One-touch recording · 0101');
  });
});
