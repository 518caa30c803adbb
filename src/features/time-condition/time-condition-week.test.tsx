import { NO_RANGES } from '../../api/routing/time-condition-rules';
import { screen, waitFor } from '@testing-library/react';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { TimeConditionWeek, weekGrid, weekOf } from './time-condition-week';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'manager', username: 'manager', permissions: [] }) }));

const NOW = '2026-11-27T00:00:00.000Z';
const condition = (id: number, extra: Record<string, unknown>) => ({
  id,
  name: `Condition ${id}`,
  type: 'working_hour',
  ...NO_RANGES,
  destination: { type: 'voicemail', target: null },
  sound_file_id: null,
  korean_holidays: false,
  created_at: NOW,
  updated_at: NOW,
  ...extra,
});

const office = condition(1, { name: 'Office hours', type: 'working_hour', start_weekday: 1, end_weekday: 5, start_month: 1, end_month: 12, start_date: 1, end_date: 31, start_hour: 9, start_minute: 0, end_hour: 18, end_minute: 0 });
const lunch = condition(2, { name: 'Lunch', type: 'lunch_hour', start_weekday: 1, end_weekday: 5, start_month: 1, end_month: 12, start_date: 1, end_date: 31, start_hour: 12, start_minute: 0, end_hour: 13, end_minute: 0 });
// 2026-11-27 is a Friday (Seoul): a holiday on that day alone.
const holiday = condition(3, { name: 'Company day', type: 'holiday', start_weekday: 1, end_weekday: 7, start_month: 11, start_date: 27, start_hour: 0, start_minute: 0 });

describe('weekGrid', () => {
  // Friday 2026-11-27, 09:00 in Seoul.
  const now = new Date('2026-11-27T00:00:00Z');

  it('runs Monday to Sunday of the week holding now, in Asia/Seoul', () => {
    expect(weekOf(now).map((day) => `${day.weekday}:${day.month}/${day.date}`)).toEqual(['1:11/23', '2:11/24', '3:11/25', '4:11/26', '5:11/27', '6:11/28', '7:11/29']);
  });

  it('colours each hour by the condition a call meets: holiday, then lunch hour, then working hour (outside its hours)', () => {
    const grid = weekGrid([office, lunch, holiday] as never, now);
    const typeAt = (weekday: number, hour: number) => grid[weekday - 1]![hour]!.condition?.type ?? 'none';
    expect(typeAt(1, 10)).toBe('none'); // Monday, working
    expect(typeAt(1, 12)).toBe('lunch_hour');
    expect(typeAt(1, 8)).toBe('working_hour'); // before opening: the working-hour condition holds
    expect(typeAt(1, 18)).toBe('working_hour');
    expect(typeAt(6, 10)).toBe('working_hour'); // Saturday
    expect(typeAt(5, 10)).toBe('holiday'); // the Friday holiday beats everything
    expect(typeAt(5, 12)).toBe('holiday');
  });
});

describe('TimeConditionWeek', () => {
  it('draws the week from the company\'s conditions, each cell named for screen readers', async () => {
    vi.mocked(http.post).mockImplementation((async (path: string) => {
      if (path === 'time-condition') return { data: { data: [office, lunch] } };
      throw new Error(`unexpected ${path}`);
    }) as never);
    renderWithFreshCache(<TimeConditionWeek now={new Date('2026-11-27T00:00:00Z')} />);
    await waitFor(() => expect(screen.getByTestId('week-cell-1-12')).toHaveAttribute('data-type', 'lunch_hour'));
    expect(screen.getByTestId('week-cell-1-12')).toHaveAccessibleName(/Lunch hour: Lunch/);
    expect(screen.getByTestId('week-cell-1-10')).toHaveAttribute('data-type', 'none');
    expect(screen.getByTestId('week-cell-7-10')).toHaveAttribute('data-type', 'working_hour');
    expect(screen.getByText('Custom temporary holiday')).toBeInTheDocument();
  });
});
