import { screen } from '@testing-library/react';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import SoundFilesOfExtensionPopup from './sound-files-of-extension-popup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'manager', username: 'manager', permissions: [] }) }));

const record = (id: number, extension: string) => ({
  id,
  name: `Greeting ${id}`,
  file: { name: `greeting-${id}.mp3`, size: 3360, type: 'audio/mpeg' },
  file_name: `greeting-${id}.mp3`,
  duration_ms: 65_400,
  extension,
  created_at: '2026-11-27T01:00:00.000Z',
  updated_at: '2026-11-27T01:00:00.000Z',
});

describe('sound-files/{extension} (open-sound-files)', () => {
  it('lists the sound files of that extension, with their length and a play button each', async () => {
    const bodies: unknown[] = [];
    vi.mocked(http.post).mockImplementation((async (path: string, body: unknown) => {
      bodies.push({ path, body });
      return { data: { data: [record(4, '1003')], current_page: 1, per_page: 10, total: 1, last_page: 1 } };
    }) as never);
    const context: PopupContextValue = { popupId: 'open-sound-files', presentation: 'window', params: { extension: '1003' }, query: {}, close: vi.fn() };
    renderWithFreshCache(
      <PopupContext value={context}>
        <SoundFilesOfExtensionPopup />
      </PopupContext>,
    );
    // Generous waits: a busy machine (the list screen and its filters load lazily).
    const row = await screen.findByTestId('row-4', {}, { timeout: 20_000 });
    expect(row).toHaveTextContent('Greeting 4');
    expect(row).toHaveTextContent('greeting-4.mp3');
    expect(row).toHaveTextContent('1:05');
    expect(screen.getByRole('button', { name: 'Play greeting-4.mp3' })).toBeInTheDocument();
    expect(bodies).toContainEqual({ path: 'sound-file/list', body: expect.objectContaining({ extension: '1003' }) });
  }, 30_000);
});
