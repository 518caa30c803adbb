import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import type { UserInfo } from '../../api/contracts/session.contract';
import en from '../../i18n/messages/en.json';
import { setLanguage } from '../../i18n/language-store';
import { showToast } from '../../ui/feedback/toaster';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { commandState, ctiCommand } from '../../shell/telephony/cti-commands';
import CompanyWorktimePopup from './company-worktime-popup';
import { describeHours } from './worktime-hours';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
let user: UserInfo = makeUserInfo({ role: 'agent', permissions: ['worktime_switch'] });
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => user }));

const t = (id: string, values: Record<string, string> = {}) => (en as Record<string, string>)[id]!.replace(/\{(\w+)\}/g, (_m, key: string) => values[key] ?? '');
const OFFICE = { id: 4, name: 'Office hours', start_weekday: 1, end_weekday: 5, start_hour: 9, start_minute: 0, end_hour: 18, end_minute: 30 };
const SATURDAY = { id: 7, name: 'Saturday mornings', start_weekday: 6, end_weekday: null, start_hour: 10, start_minute: null, end_hour: 13, end_minute: null };
const VIEW = { open: true, scheduled_open: true, force: null, force_until: null, forced_by: null, hours: [OFFICE, SATURDAY] };
const FORCED_CLOSED = { ...VIEW, open: false, force: 'closed', force_until: '2026-11-27T09:30:00.000Z', forced_by: '이민호' };

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  user = makeUserInfo({ role: 'agent', permissions: ['worktime_switch'] });
});
afterEach(() => setLanguage('en'));

describe('the company work-time pop-up', () => {
  it('says open now by the hours, lists the hours in words, and forces closed', async () => {
    vi.mocked(http.post).mockImplementation(async (path: string) => {
      if (path === 'company/worktime/view') return { data: { data: VIEW } };
      if (path === 'company/worktime/update') return { data: { data: FORCED_CLOSED } };
      throw new Error(`unexpected ${path}`);
    });
    renderWithFreshCache(<CompanyWorktimePopup />);
    const status = await screen.findByTestId('worktime-status');
    expect(status).toHaveAttribute('data-open', 'true');
    expect(status).toHaveTextContent('Open now');
    expect(status).toHaveTextContent('As the working hours say.');
    const hours = screen.getByTestId('worktime-hours');
    expect(hours).toHaveTextContent('Office hoursMonday–Friday, 9:00 AM–6:30 PM');
    expect(hours).toHaveTextContent('Saturday morningsSaturday, 10:00 AM–1:00 PM');
    expect(screen.getByTestId('worktime-force-open')).toBeDisabled();
    expect(screen.getByTestId('worktime-back-to-hours')).toBeDisabled();

    await userEvent.setup().click(screen.getByTestId('worktime-force-closed'));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('company/worktime/update', { force: 'closed' }));
    await waitFor(() => expect(screen.getByTestId('worktime-status')).toHaveAttribute('data-open', 'false'));
    expect(screen.getByTestId('worktime-status')).toHaveTextContent('Closed now');
    expect(screen.getByTestId('worktime-status')).toHaveTextContent('Switched to closed by 이민호 until');
    expect(screen.getByTestId('worktime-force-closed')).toBeDisabled();
    expect(screen.getByTestId('worktime-force-open')).toBeEnabled();
    expect(screen.getByTestId('worktime-back-to-hours')).toBeEnabled();
    expect(showToast).toHaveBeenCalledWith(t('worktime.saved'));
  });

  it('goes back to the hours', async () => {
    vi.mocked(http.post).mockImplementation(async (path: string) => ({ data: { data: path === 'company/worktime/view' ? FORCED_CLOSED : VIEW } }));
    renderWithFreshCache(<CompanyWorktimePopup />);
    await userEvent.setup().click(await screen.findByTestId('worktime-back-to-hours'));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('company/worktime/update', { force: null }));
    await waitFor(() => expect(screen.getByTestId('worktime-status')).toHaveAttribute('data-open', 'true'));
  });

  it('shows no switch to a user without the permission, and says when no hours are set', async () => {
    user = makeUserInfo({ role: 'agent', permissions: [] });
    vi.mocked(http.post).mockResolvedValue({ data: { data: { ...VIEW, hours: [] } } });
    renderWithFreshCache(<CompanyWorktimePopup />);
    expect(await screen.findByTestId('worktime-no-hours')).toBeInTheDocument();
    expect(screen.queryByTestId('worktime-force-open')).not.toBeInTheDocument();
  });

  it('reads in Korean', async () => {
    setLanguage('kr');
    vi.mocked(http.post).mockResolvedValue({ data: { data: { ...FORCED_CLOSED, force_until: null } } });
    renderWithFreshCache(<CompanyWorktimePopup />);
    const status = await screen.findByTestId('worktime-status');
    expect(status).toHaveTextContent('현재 영업 종료');
    expect(status).toHaveTextContent('이민호 님이 영업 종료로 전환했습니다. 되돌릴 때까지 유지됩니다.');
    expect(screen.getByTestId('worktime-hours')).toHaveTextContent('월요일–금요일, 오전 9:00–오후 6:30');
    expect(screen.getByTestId('worktime-force-open')).toHaveTextContent('영업 중으로 전환');
  });
});

describe('describeHours', () => {
  it.each([
    [{ ...OFFICE, start_weekday: null, end_weekday: null }, 'Every day, 9:00 AM–6:30 PM'],
    [{ ...OFFICE, start_hour: null }, 'Monday–Friday, all day'],
    [{ ...OFFICE, end_hour: null, end_minute: null }, 'Monday–Friday, 9:00 AM–12:00 AM'],
    [{ ...OFFICE, start_weekday: 5, end_weekday: 1, start_hour: 22, end_hour: 6, end_minute: 0 }, 'Friday–Monday, 10:00 PM–6:00 AM'],
  ])('%o reads %s', (hours, words) => {
    expect(describeHours(hours, t as never, 'en')).toBe(words);
  });
});

describe('the work-time command of the CTI bar', () => {
  it('is there for managers and users with worktime_switch only', () => {
    const command = ctiCommand('worktime');
    expect(command.effect).toEqual({ popup: 'edit-company-worktime' });
    expect(commandState(command, makeUserInfo({ role: 'agent', permissions: ['worktime_switch'] }), null, null)).toBe('enabled');
    expect(commandState(command, makeUserInfo({ role: 'manager', permissions: [] }), null, null)).toBe('enabled');
    expect(commandState(command, makeUserInfo({ role: 'agent', permissions: ['dashboard'] }), null, null)).toBe('hidden');
  });
});
