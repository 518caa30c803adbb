import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Call } from '../../api/contracts/call.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { openPopup } from '../../shell/popups/open-popup';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import CallHistoryScreen from './call-history-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'manager', permissions: [] }) }));

const base = { extensions: ['1001'], queue: null, wait_duration: 15, member_id: null, member_name: null, agent_name: null, consultation: null, ringing_at: null, answered_at: null, ended_at: '2026-01-05T01:01:15.000Z', one_touch_files: [] as string[], caller_id: null, started_at: '2026-01-05T01:00:00.000Z' };
const CALLS: Call[] = [
  { ...base, id: 1, member_id: 5, member_name: '김민준', agent_name: '이민호', consultation: { id: 9, member_id: 5 }, uniqueid: '1.1', direction: 'inbound', caller_number: '01055550001', callee_number: '500', extension: '1001', duration: 75, talk_time: 60, disposition: 'answered', recording_file: 'rec-1.1.wav', one_touch_files: ['otr-1.wav'] },
  { ...base, id: 2, uniqueid: '1.2', direction: 'outbound', caller_number: '1001', callee_number: '0212345678', extension: '1001', duration: 5, talk_time: 0, disposition: 'missed', recording_file: null },
  { ...base, id: 3, uniqueid: '1.3', direction: 'inbound', caller_number: '01055550003', callee_number: '500', extension: null, extensions: ['1001', '1002'], duration: 20, talk_time: 0, disposition: 'missed', recording_file: null },
];

const shown = ['status', 'caller_number', 'member_name', 'agent_name', 'wait_duration', 'consultation'];
const INBOUND_COLUMNS = [...shown.map((key) => ({ key, visible: true })), ...['call_date', 'queue', 'extension', 'talk_duration', 'recording'].map((key) => ({ key, visible: false }))];

function setup(props: { direction?: 'inbound' | 'outbound' } = {}) {
  const calls: { path: string; body: unknown }[] = [];
  const answers: Record<string, () => unknown> = {
    'cti/calls/history': () => ({ data: CALLS, current_page: 1, per_page: 10, total: 3, last_page: 1 }),
    'cti/calls/extensions': () => ({ data: [{ extension: '1001', name: '이민호' }] }),
    'custom-table/list': () => ({ data: [{ table: 'inbound-details', is_default: false, updated_at: null, columns: INBOUND_COLUMNS }] }),
    'cti/calls/show-call': () => ({ data: CALLS[0], events: [{ type: 'call_started', state: null, extension: '500', number: '01055550001', occurred_at: base.started_at }, { type: 'inbound_call', state: null, extension: '1001', number: '01055550001', occurred_at: base.started_at }, { type: 'call_state', state: 'hangup', extension: '1001', number: '01055550001', occurred_at: base.ended_at }, { type: 'call_ended', state: 'answered', extension: '500', number: '01055550001', occurred_at: base.ended_at }] }),
  };
  vi.mocked(http.post).mockImplementation((async (path: string, body: unknown) => {
    calls.push({ path, body });
    return { data: answers[path]!() };
  }) as never);
  renderWithFreshCache(<CallHistoryScreen {...props} />);
  return { calls, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(openPopup).mockReset();
});

describe('call history', () => {
  it('a call-statistics details page lists one direction with the columns and order the company chose', async () => {
    const { calls, user } = setup({ direction: 'inbound' });
    const row = await screen.findByTestId('row-1');
    expect(calls.find((c) => c.path === 'cti/calls/history')?.body).toEqual({ page: 1, per_page: 10, direction: 'inbound' });
    // The page is one direction: there is no direction filter to widen it.
    expect(screen.queryByTestId('filter-direction')).not.toBeInTheDocument();
    const headers = within(screen.getByTestId('resource-table')).getAllByRole('columnheader').map((h) => h.textContent);
    // custom-table/list: status first, then caller, member, agent, wait, consultation; the rest hidden.
    expect(headers.slice(0, 6)).toEqual(['Status', 'Caller number', 'Member', 'Agent', 'Waiting time', 'Consultation']);
    expect(headers).not.toContain('Queue');
    expect(row).toHaveTextContent('김민준');
    expect(row).toHaveTextContent('이민호');
    expect(row).toHaveTextContent('0:15');
    expect(within(screen.getByTestId('row-2')).queryByTestId('call-consultation-2')).not.toBeInTheDocument();
    await user.click(within(row).getByTestId('call-consultation-1'));
    expect(openPopup).toHaveBeenCalledWith('view-consultation', { id: 5, consultationId: 9 });
  });

  it('lists calls with their result and times; read-only (no add, edit or delete)', async () => {
    const { calls } = setup();
    const row = await screen.findByTestId('row-1');
    expect(within(row).getByTestId('call-disposition-1')).toHaveTextContent('Answered');
    expect(row).toHaveTextContent('1:15');
    expect(within(screen.getByTestId('row-2')).getByTestId('call-disposition-2')).toHaveTextContent('Missed');
    // A missed call nobody here took says which extensions it rang (QA).
    expect(within(screen.getByTestId('row-3')).getByTestId('call-rang-3')).toHaveTextContent('Rang 1001, 1002');
    expect(screen.queryByTestId('resource-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('edit-1')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === 'cti/calls/history')?.body).toEqual({ page: 1, per_page: 10 });
  });

  it('opens the recording pop-ups with unique_id and src (inbound) or dst (outbound); no button without a recording', async () => {
    const { user } = setup();
    await user.click(await screen.findByTestId('play-recording-1'));
    expect(openPopup).toHaveBeenCalledWith('consultation-recording-file', { unique_id: '1.1', src: '01055550001' });
    await user.click(screen.getByTestId('play-one-touch-1'));
    expect(openPopup).toHaveBeenCalledWith('consultation-one-touch-recording-file', { unique_id: '1.1', src: '01055550001' });
    expect(screen.queryByTestId('play-recording-2')).not.toBeInTheDocument();
  });

  it('the view dialog shows the call with its events (show-call)', async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByTestId('view-1'));
    const events = await screen.findByTestId('call-events');
    expect(within(events).getByTestId('call-event-0')).toHaveTextContent('Entered the queue');
    expect(within(events).getByTestId('call-event-1')).toHaveTextContent('Incoming call');
    expect(within(events).getByTestId('call-event-1')).toHaveTextContent('010-5555-0001');
    expect(within(events).getByTestId('call-event-2')).toHaveTextContent('Hung up');
    expect(within(events).getByTestId('call-event-3')).toHaveTextContent('Left the queue: connected');
    expect(calls.find((c) => c.path === 'cti/calls/show-call')?.body).toEqual({ unique_id: '1.1' });
  });

  it('filters by a date range and an extension', async () => {
    const { calls, user } = setup();
    await screen.findByTestId('row-1');
    await user.type(screen.getByTestId('filter-date_from'), '2026-01-05');
    await screen.findByTestId('row-1');
    await waitFor(() => expect(within(screen.getByTestId('filter-extension')).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(screen.getByTestId('filter-extension'), '1001');
    await waitFor(() => expect(calls.filter((c) => c.path === 'cti/calls/history').at(-1)?.body).toEqual({ page: 1, per_page: 10, date_from: '2026-01-05', extension: '1001' }));
  });
});
