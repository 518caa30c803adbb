import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from '../../api/http';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { formatDuration, SoundFilePlayer } from './sound-file-player';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [2000, '0:02'],
    [2088, '0:02'],
    [65_400, '1:05'],
    [3_725_000, '1:02:05'],
    [null, '–'],
  ])('%s ms reads %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('SoundFilePlayer', () => {
  it('asks for a play token bound to the file on the click, then plays the stream in place', async () => {
    vi.mocked(http.post).mockResolvedValue({ data: { token: 'tok.en', expires_in: 600 } } as never);
    renderWithFreshCache(<SoundFilePlayer id={7} fileName="greeting.mp3" />);
    expect(http.post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Play greeting.mp3' }));
    const audio = await screen.findByTestId('sound-file-player-7-audio', {}, { timeout: 10_000 });
    expect(http.post).toHaveBeenCalledWith('download-token', { purpose: 'sound-file/play', params: { id: '7', lang: 'en' } });
    expect(audio.getAttribute('src')).toBe('/api/v1/sound-file/7/play?lang=en&token=tok.en');
    expect(audio).toHaveAttribute('controls');
    expect(audio).toHaveAccessibleName('Sound file greeting.mp3');
  }, 20_000);

  it('says so when no token is given (or the stream fails), and can try again', async () => {
    vi.mocked(http.post).mockRejectedValueOnce({ isAxiosError: true, message: '403', response: { status: 403, data: { error: true, message: 'No' } } });
    renderWithFreshCache(<SoundFilePlayer id={8} fileName="x.mp3" />);
    fireEvent.click(screen.getByTestId('sound-file-player-8-play'));
    expect(await screen.findByTestId('sound-file-player-8-failed')).toHaveTextContent('This file could not be played. Try again.');
    vi.mocked(http.post).mockResolvedValue({ data: { token: 't2', expires_in: 600 } } as never);
    fireEvent.click(screen.getByTestId('sound-file-player-8-play'));
    const audio = await screen.findByTestId('sound-file-player-8-audio');
    fireEvent.error(audio);
    await waitFor(() => expect(screen.getByTestId('sound-file-player-8-failed')).toBeInTheDocument());
  }, 20_000);
});
