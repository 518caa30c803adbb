import { act, screen, within } from '@testing-library/react';
import { http } from '../../api/http';
import { COMPANY_PERMISSIONS } from '../../api/permissions/catalogue';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { FakeConnection } from '../../machines/phone/fake-connection';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { OutboundStatus } from './outbound-status';
import { makeAutoCallCampaign } from '../../api/testing/auto-call-campaign';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
let user = makeUserInfo({ role: 'manager', permissions: [], companyPermissions: [...COMPANY_PERMISSIONS] });
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => user }));

const campaign = (id: number, name: string, state: string) => makeAutoCallCampaign({ id, name, pacing: 'predictive', state: state as never });
const RESULTS = { machine: 0, busy: 1, success: 4, listen_hangup: 0, block: 1, dropcall: 0, no_answer: 2 };

beforeEach(() => {
  user = makeUserInfo({ role: 'manager', permissions: [], companyPermissions: [...COMPANY_PERMISSIONS] });
  vi.mocked(http.post).mockReset();
  vi.mocked(http.post).mockImplementation((async (path: string) => {
    if (path === 'auto-call/summary') return { data: { data: [{ campaign_id: 8, total: 20, pending: 12, results: RESULTS }] } };
    if (path === 'auto-call/list') {
      const data = [campaign(7, 'Spring sale', 'ready'), campaign(8, 'Renewals', 'on_going'), campaign(9, 'Done', 'complete')];
      return { data: { data, total: 3, current_page: 1, last_page: 1, per_page: 100 } };
    }
    throw new Error(`unexpected ${path}`);
  }) as never);
});

describe('the OB queue status on /queues', () => {
  it('lists the running campaigns with their counts, and follows each pushed run', async () => {
    const socket = new FakeConnection();
    renderWithFreshCache(<OutboundStatus connect={() => socket} />);
    const row = await screen.findByTestId('ob-queue-8');
    expect(screen.queryByTestId('ob-queue-7')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ob-queue-9')).not.toBeInTheDocument();
    expect(within(row).getByTestId('ob-queue-8-left')).toHaveTextContent('12');
    expect(row).toHaveTextContent('Renewals');
    act(() => socket.serverConnect());
    expect(socket.emitted.map((e) => e.name)).toContain('join_auto_call');
    const counts = { total: 20, dialled: 10, in_flight: 3, finished: 8, remaining: 9, retrying: 1, results: { ...RESULTS, success: 5 } };
    act(() => socket.serverEmit('auto_call_run', { id: 8, state: 'on_going', waiting_for_window: true, counts, actions: ['pause', 'cancel'] }));
    expect(screen.getByTestId('ob-queue-8-in-flight')).toHaveTextContent('3');
    expect(screen.getByTestId('ob-queue-8-left')).toHaveTextContent('9');
    expect(row).toHaveTextContent('Waiting for the call window');
    // A campaign that starts shows up as its run is pushed.
    act(() => socket.serverEmit('auto_call_run', { id: 7, state: 'on_going', waiting_for_window: false, counts: { ...counts, in_flight: 1 }, actions: ['pause', 'cancel'] }));
    expect(await screen.findByTestId('ob-queue-7')).toHaveTextContent('Spring sale');
  });

  it('is not shown to users who may not see campaigns', () => {
    user = makeUserInfo({ role: 'agent', permissions: ['queues'], companyPermissions: [...COMPANY_PERMISSIONS] });
    renderWithFreshCache(<OutboundStatus connect={() => new FakeConnection()} />);
    expect(screen.queryByTestId('ob-queue-status')).not.toBeInTheDocument();
    expect(http.post).not.toHaveBeenCalled();
  });
});
