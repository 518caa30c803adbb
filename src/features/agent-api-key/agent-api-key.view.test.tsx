import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agentApiKeyEntity } from '../../api/contracts/agent-api-key.contract';
import type { UserInfo } from '../../api/contracts/session.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { showToast } from '../../ui/feedback/toaster';
import { resetColumnSettings } from '../../ui/resource/column-settings-store';
import { viewOf } from '../../ui/resource/entity-view';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { fakeEntityServer } from '../../ui/resource/testing/fake-entity-server';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { agentApiKeyView } from './agent-api-key.view';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
let signedIn: UserInfo | null = null;
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => signedIn }));

const company = { companyPermissions: ['company_can_provide_agent_api'] };
const manager = makeUserInfo({ role: 'manager', username: 'manager', permissions: [], ...company });
// FAKE_USERS' agent1 is user 3.
const agent1 = makeUserInfo({ permissions: ['agent_api_key'], ...company, user: { ...makeUserInfo().user, id: 3, name: 'Kim Minji' } });
const SECRET = 'k'.repeat(43);
const USED = { id: 1, user_id: 4, name: 'Wallboard', last_used_at: '2026-11-27T01:00:00Z', created_at: '2026-11-26T00:00:00Z', updated_at: '2026-11-26T00:00:00Z' };
const UNUSED = { id: 2, user_id: 3, name: 'Dialler', last_used_at: null, created_at: '2026-11-26T00:00:00Z', updated_at: '2026-11-26T00:00:00Z' };

/** The fake server of the derived API, with store answering the secret once, as the server does. */
function serve() {
  const server = fakeEntityServer([agentApiKeyEntity], { 'agent-api-key': [USED, UNUSED] });
  vi.mocked(http.post).mockImplementation(async (path: string, body?: unknown) => {
    const answer = (await server.handle(path, body)) as { data: { data?: Record<string, unknown> } };
    return (path === 'agent-api-key/store' ? { data: { data: { ...answer.data.data, key: SECRET } } } : answer) as never;
  });
  return server;
}

const view = viewOf(agentApiKeyEntity, agentApiKeyView);

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(showToast).mockClear();
  resetColumnSettings();
});

it('lists who the key is for, when it was last used ("Never" before), and offers add and revoke, no edit', async () => {
  signedIn = manager;
  serve();
  renderWithFreshCache(<ResourceListPanel view={view} subject={manager} />);
  const used = await screen.findByTestId('row-1');
  await waitFor(() => expect(used).toHaveTextContent('Lee Jun'));
  expect(used).toHaveTextContent('Nov 27, 2026');
  expect(screen.getByTestId('row-2')).toHaveTextContent('Never');
  expect(screen.getByTestId('resource-add')).toBeInTheDocument();
  expect(screen.getByTestId('delete-1')).toBeInTheDocument();
  expect(screen.getByTestId('delete-1')).toHaveAttribute('aria-label', 'Revoke');
  expect(screen.queryByTestId('edit-1')).not.toBeInTheDocument();
});

it('a manager issues a key for an agent and sees the key once, with a copy button', async () => {
  signedIn = manager;
  const server = serve();
  const user = userEvent.setup();
  renderWithFreshCache(<ResourceListPanel view={view} subject={manager} />);
  await screen.findByTestId('row-1');
  await user.click(screen.getByTestId('resource-add'));
  const agents = await screen.findByTestId('user_id');
  await waitFor(() => expect(within(agents).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Kim Minji (agent1)', 'Lee Jun (agent2)']));
  await user.selectOptions(agents, '3');
  await user.type(screen.getByTestId('name'), 'Robot');
  await user.click(screen.getByTestId('resource-form-save'));

  expect(await screen.findByTestId('agent-api-key-secret')).toHaveTextContent(SECRET);
  expect(screen.getByTestId('agent-api-key-once')).toHaveTextContent('Copy this key now; it will not be shown again.');
  expect(server.lastRequest('agent-api-key/store')).toEqual({ user_id: 3, name: 'Robot' });
  // The "Saved." toast gives way to the key.
  expect(showToast).not.toHaveBeenCalledWith('Saved.');

  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
  await user.click(screen.getByTestId('agent-api-key-copy'));
  expect(writeText).toHaveBeenCalledWith(SECRET);
  expect(showToast).toHaveBeenCalledWith('Copied.');
  writeText.mockRejectedValue(new Error('denied'));
  await user.click(screen.getByTestId('agent-api-key-copy'));
  await waitFor(() => expect(showToast).toHaveBeenLastCalledWith('Error in copying text', 'danger'));

  await user.click(screen.getByTestId('agent-api-key-close'));
  await waitFor(() => expect(screen.queryByTestId('agent-api-key-secret')).not.toBeInTheDocument());
  // Nothing on the page holds the key any more.
  expect(document.body.textContent).not.toContain(SECRET);
  writeText.mockRestore();
});

it('an agent issues a key for themselves only', async () => {
  signedIn = agent1;
  const server = serve();
  const user = userEvent.setup();
  renderWithFreshCache(<ResourceListPanel view={view} subject={agent1} />);
  await screen.findByTestId('row-1');
  await user.click(screen.getByTestId('resource-add'));
  const agents = await screen.findByTestId('user_id');
  expect(within(agents).getAllByRole('option').map((o) => o.textContent)).toEqual(['Kim Minji (agent1)']);
  expect(agents).toBeDisabled();
  await user.type(screen.getByTestId('name'), 'My tool');
  await user.click(screen.getByTestId('resource-form-save'));
  expect(await screen.findByTestId('agent-api-key-secret')).toHaveTextContent(SECRET);
  expect(server.lastRequest('agent-api-key/store')).toEqual({ user_id: 3, name: 'My tool' });
});

it('asks before revoking, saying what revoking ends', async () => {
  signedIn = manager;
  const server = serve();
  const user = userEvent.setup();
  renderWithFreshCache(<ResourceListPanel view={view} subject={manager} />);
  await screen.findByTestId('row-1');
  await user.click(screen.getByTestId('delete-1'));
  expect(await screen.findByTestId('confirm-message')).toHaveTextContent('Revoke the key “Wallboard”? Programs signed in with it are signed out at once.');
  expect(screen.getByTestId('confirm-accept')).toHaveTextContent('Revoke');
  await user.click(screen.getByTestId('confirm-accept'));
  await waitFor(() => expect(server.rows('agent-api-key').map((row) => row.id)).toEqual([2]));
  await waitFor(() => expect(showToast).toHaveBeenCalledWith('Key revoked.'));
});
