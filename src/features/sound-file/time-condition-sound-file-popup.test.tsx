import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import TimeConditionSoundFilePopup from './time-condition-sound-file-popup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'manager', username: 'manager', permissions: [] }) }));

const STAMPS = { created_at: '2026-11-27T01:00:00.000Z', updated_at: '2026-11-27T01:00:00.000Z' };
const soundFile = (id: number) => ({ id, name: `Greeting ${id}`, file: { name: `g${id}.mp3`, size: 3360, type: 'audio/mpeg' }, file_name: `g${id}.mp3`, duration_ms: 4000, extension: '', ...STAMPS });
const lunch = (id: number, name: string, soundFileId: number | null) => ({
  id,
  name,
  type: 'lunch_hour',
  start_weekday: 1,
  end_weekday: 5,
  start_month: 1,
  end_month: 12,
  start_date: 1,
  end_date: 31,
  start_hour: 12,
  start_minute: 0,
  end_hour: 13,
  end_minute: 0,
  destination: { type: 'queue', target: '500' },
  sound_file_id: soundFileId,
  korean_holidays: false,
  ...STAMPS,
});
const page = (data: unknown[]) => ({ data, current_page: 1, per_page: 10, total: data.length, last_page: 1 });

function serve(onUpdate: (body: Record<string, unknown>) => unknown) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown>) => {
    calls.push({ path, body });
    if (path === 'time-condition') return { data: { data: [lunch(3, 'Lunch A', null), lunch(7, 'Lunch B', 9)], truncated: false } };
    if (path === 'sound-file/view') return { data: { data: soundFile(Number(body.id)) } };
    if (path === 'sound-file/list') return { data: page([soundFile(9), soundFile(11)]) };
    if (path === 'routing/pending') return { data: { data: [], version: 1, applied_at: null, applied_by: 'manager', routed_by: 'builtin' } };
    if (path === 'time-condition/update') return { data: { data: onUpdate(body) } };
    throw new Error(`unexpected ${path}`);
  }) as never);
  return calls;
}

function open(index: string, list: string) {
  const context: PopupContextValue = { popupId: 'time-condition-sound-file', presentation: 'window', params: { index, list }, query: {}, close: vi.fn() };
  renderWithFreshCache(
    <PopupContext value={context}>
      <TimeConditionSoundFilePopup />
    </PopupContext>,
  );
}

describe('time-conditions/sound-file/{index}/{list} (time-condition-sound-file)', () => {
  beforeEach(() => {
    vi.mocked(http.post).mockReset();
  });

  it('opens at the index-th condition of the list, plays its file, and sets another one with every other field kept', async () => {
    const calls = serve((body) => ({ ...lunch(7, 'Lunch B', 11), ...body }));
    open('1', 'lunch_hour');
    expect(await screen.findByTestId('tc-sound-file-title', {}, { timeout: 20_000 })).toHaveTextContent('Lunch hour 2 of 2: Lunch B');
    expect(calls).toContainEqual({ path: 'time-condition', body: expect.objectContaining({ type: 'lunch_hour', sort_by: 'id', sort_order: 'asc' }) });
    await waitFor(() => expect(screen.getByTestId('tc-sound-file-current')).toHaveTextContent('Plays Greeting 9, then hangs up.'));

    const row = await screen.findByTestId('row-11', {}, { timeout: 20_000 });
    // The file it plays already cannot be chosen again.
    expect(within(await screen.findByTestId('row-9')).getByRole('button', { name: 'Play this for the condition' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(within(row).getByRole('button', { name: 'Play this for the condition' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'time-condition/update')).toBe(true));
    const update = calls.find((c) => c.path === 'time-condition/update')!.body;
    expect(update).toMatchObject({ id: 7, name: 'Lunch B', type: 'lunch_hour', start_hour: 12, end_hour: 13, destination: { type: 'queue', target: '500' }, sound_file_id: 11 });
  }, 40_000);

  it('steps to the previous condition of the list', async () => {
    serve((body) => body);
    open('1', 'lunch_hour');
    await screen.findByTestId('tc-sound-file-title', {}, { timeout: 20_000 });
    fireEvent.click(screen.getByTestId('tc-sound-file-previous'));
    expect(screen.getByTestId('tc-sound-file-title')).toHaveTextContent('Lunch hour 1 of 2: Lunch A');
    expect(screen.getByTestId('tc-sound-file-previous')).toBeDisabled();
    expect(screen.getByTestId('tc-sound-file-current')).toHaveTextContent("No sound file: callers go to the condition's destination.");
  }, 30_000);

  it("shows the specification's message when removing the file would leave the condition with nowhere to go", async () => {
    const calls = serve(() => {
      throw Object.assign(new Error('422'), {
        isAxiosError: true,
        response: { status: 422, data: { message: 'The given data was invalid.', errors: { destination: ['Please choose a destination or a sound file.'] } } },
      });
    });
    open('1', 'lunch_hour');
    fireEvent.click(await screen.findByTestId('tc-sound-file-remove', {}, { timeout: 20_000 }));
    expect(await screen.findByTestId('tc-sound-file-problem')).toHaveTextContent('Please choose a destination or a sound file.');
    expect(calls.find((c) => c.path === 'time-condition/update')!.body).toMatchObject({ id: 7, sound_file_id: null });
  }, 30_000);

  it('says so for a list that is no condition type or an index past its end', async () => {
    serve((body) => body);
    open('0', 'weekends');
    expect(await screen.findByTestId('tc-sound-file-bad-list')).toHaveTextContent('There is no list of time conditions called “weekends”.');
  });
});
