import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { openPopup } from '../../shell/popups/open-popup';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import TransferHistoryPopup from './transfer-history-popup';
import { transferView } from './transfer.view';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'manager', username: 'manager', permissions: [] }) }));

const change = (id: number, extra: Record<string, unknown>) => ({
  id,
  extension: '1001',
  action: 'updated',
  number_before: '01011112222',
  number_after: '01033334444',
  active_before: true,
  active_after: true,
  live_before: true,
  live_after: true,
  source: 'screen',
  user_id: null,
  created_at: '2026-11-27T01:00:00.000Z',
  updated_at: '2026-11-27T01:00:00.000Z',
  ...extra,
});

describe('transfer/history (transfer-history)', () => {
  it('lists every change read-only, newest first: the numbers before and after and where it was made', async () => {
    const bodies: { path: string; body: unknown }[] = [];
    vi.mocked(http.post).mockImplementation((async (path: string, body: unknown) => {
      bodies.push({ path, body });
      if (path === 'transfer/history/list') {
        return { data: { data: [change(7, { source: 'cti_bar' }), change(6, { action: 'started', source: 'schedule' })], current_page: 1, per_page: 10, total: 2, last_page: 1 } };
      }
      return { data: { data: [], current_page: 1, per_page: 10, total: 0, last_page: 1 } };
    }) as never);
    const context: PopupContextValue = { popupId: 'transfer-history', presentation: 'window', params: {}, query: {}, close: vi.fn() };
    renderWithFreshCache(
      <PopupContext value={context}>
        <TransferHistoryPopup />
      </PopupContext>,
    );
    // Generous waits: a busy machine (the list screen and its filters load lazily).
    const row = await screen.findByTestId('row-7', {}, { timeout: 20_000 });
    expect(row).toHaveTextContent('010-1111-2222');
    expect(row).toHaveTextContent('010-3333-4444');
    expect(row).toHaveTextContent('CTI bar');
    expect(await screen.findByTestId('row-6')).toHaveTextContent('Period started');
    expect(bodies).toContainEqual({ path: 'transfer/history/list', body: expect.objectContaining({ sort_by: 'created_at', sort_order: 'desc' }) });
    // Read-only: nothing to add, edit or delete.
    expect(screen.queryByTestId('resource-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('edit-7')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delete-7')).not.toBeInTheDocument();
  }, 30_000);
});

describe('the transfers list toolbar', () => {
  it('has a History button that opens transfer/history', async () => {
    renderWithFreshCache(<>{transferView.slots!.toolbar!({ query: {}, subject: null })}</>);
    await userEvent.setup().click(screen.getByTestId('transfer-history-button'));
    expect(screen.getByTestId('transfer-history-button')).toHaveTextContent('History');
    expect(openPopup).toHaveBeenCalledWith('transfer-history', {});
  });
});
