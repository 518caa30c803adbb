import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callerIdEntity } from '../../api/contracts/caller-id.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { openPopup } from '../../shell/popups/open-popup';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { resetColumnSettings } from '../../ui/resource/column-settings-store';
import { viewOf } from '../../ui/resource/entity-view';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { fakeEntityServer } from '../../ui/resource/testing/fake-entity-server';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import CallerIdUsersPopup from './caller-id-users-popup';
import { callerIdView } from './caller-id.view';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
const manager = makeUserInfo({ role: 'manager', username: 'manager', permissions: [] });
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => manager }));

const MAIN = { id: 5, number: '0215880000', name: 'Main line', user_ids: [3], created_at: '2026-11-26T00:00:00Z', updated_at: '2026-11-26T00:00:00Z' };

function serve() {
  const server = fakeEntityServer([callerIdEntity], { 'caller-id': [MAIN] });
  vi.mocked(http.post).mockImplementation((async (path: string, body?: unknown) => server.handle(path, body)) as never);
  return server;
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(openPopup).mockClear();
  resetColumnSettings();
});

it('lists the caller ids; the row button "Who may dial out" opens caller-id/{id}/users (edit-caller-id)', async () => {
  serve();
  renderWithFreshCache(<ResourceListPanel view={viewOf(callerIdEntity, callerIdView)} subject={manager} />);
  const row = await screen.findByTestId('row-5');
  expect(row).toHaveTextContent('02-1588-0000');
  expect(row).toHaveTextContent('Main line');
  await userEvent.click(screen.getByTestId('users-5'));
  expect(openPopup).toHaveBeenCalledWith('edit-caller-id', { id: 5 });
});

it('the pop-up shows the caller id and assigns its users; the save keeps its number and name', async () => {
  const server = serve();
  const close = vi.fn();
  const popup: PopupContextValue = { popupId: 'edit-caller-id', presentation: 'dialog', params: { id: '5' }, query: {}, close };
  renderWithFreshCache(
    <PopupContext.Provider value={popup}>
      <CallerIdUsersPopup />
    </PopupContext.Provider>,
  );
  expect(await screen.findByTestId('caller-id-users-of')).toHaveTextContent('02-1588-0000 Main line');
  expect(screen.queryByLabelText(/^Number/)).not.toBeInTheDocument();
  const agent2 = await screen.findByTestId('user_ids-4');
  await waitFor(() => expect(screen.getByTestId('user_ids-3')).toBeChecked());
  await userEvent.click(agent2);
  await userEvent.click(screen.getByTestId('resource-form-save'));
  await waitFor(() => expect(close).toHaveBeenCalled());
  expect(server.lastRequest('caller-id/update')).toEqual({ id: 5, number: '0215880000', name: 'Main line', user_ids: [3, 4] });
});
