import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TimeConditionRecord } from '../../api/contracts/time-condition.contract';
import { http } from '../../api/http';
import { openPopup } from '../../shell/popups/open-popup';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { TimeConditionSoundFileCell } from './time-condition-sound-file-cell';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));

const condition = (id: number, name: string): TimeConditionRecord => ({
  id,
  name,
  type: 'holiday',
  start_weekday: 1,
  end_weekday: 7,
  start_month: 1,
  end_month: 12,
  start_date: 1,
  end_date: 31,
  start_hour: 0,
  start_minute: 0,
  end_hour: 23,
  end_minute: 59,
  destination: { type: 'hangup', target: null },
  sound_file_id: null,
  korean_holidays: true,
  created_at: '2026-11-27T01:00:00.000Z',
  updated_at: '2026-11-27T01:00:00.000Z',
});

describe("a time condition's sound-file cell", () => {
  beforeEach(() => {
    vi.mocked(http.post).mockReset();
  });

  it('opens time-conditions/sound-file at the condition’s place among the conditions of its type', async () => {
    vi.mocked(http.post).mockImplementation((async (path: string) => {
      if (path === 'time-condition') return { data: { data: [condition(2, 'New year'), condition(5, 'Chuseok'), condition(8, 'Founding day')], truncated: false } };
      throw new Error(`unexpected ${path}`);
    }) as never);
    renderWithFreshCache(<TimeConditionSoundFileCell record={condition(5, 'Chuseok')} />);
    const button = screen.getByTestId('time-condition-sound-file-5');
    await waitFor(() => expect(button).not.toBeDisabled());
    expect(button).toHaveAccessibleName('Choose the sound file of Chuseok');
    await userEvent.setup().click(button);
    expect(openPopup).toHaveBeenCalledWith('time-condition-sound-file', { index: 1, list: 'holiday' });
    expect(vi.mocked(http.post).mock.calls[0]).toEqual(['time-condition', expect.objectContaining({ type: 'holiday', sort_by: 'id', sort_order: 'asc' })]);
  });
});
