import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerLoginAs, returnToAdminCalls, sessionActor, setNavigate, signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { renderRoute } from '../guards/testing/render-route';
import { makeLoginResponse, makeUserInfo } from '../../api/testing/make-user-info';

vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));

const admin = makeUserInfo({ username: 'admin', role: 'admin', company: null, companyPermissions: [], permissions: [], extension: null });
const agentAsAdmin = makeUserInfo({ username: 'agent1', user: { ...makeUserInfo().user, name: 'Kim Minji' }, impersonated_by: { id: 1, name: 'Administrator' } });

afterEach(async () => {
  setNavigate(null);
  await signOut();
});

it('says whom the administrator works as, on every page, and goes back to their own session', async () => {
  const user = userEvent.setup();
  answerLoginAs(makeLoginResponse(agentAsAdmin), makeLoginResponse(admin, 'admin'));
  await signInAs(agentAsAdmin);
  renderRoute('/dashboard');
  const banner = await screen.findByTestId('impersonation-banner');
  expect(banner).toHaveTextContent('You are signed in as Kim Minji (agent1) by the platform administrator.');
  expect(sessionActor.getSnapshot().can({ type: 'RETURN_TO_ADMIN' })).toBe(true);
  const before = returnToAdminCalls.count;
  await user.click(screen.getByTestId('impersonation-back'));
  await waitFor(() => expect(returnToAdminCalls.count).toBe(before + 1));
  await waitFor(() => expect(screen.queryByTestId('impersonation-banner')).not.toBeInTheDocument());
  expect(sessionActor.getSnapshot().context.userInfo?.role).toBe('admin');
});

it('is not shown in a user’s own session', async () => {
  await signInAs(makeUserInfo({ username: 'manager', role: 'manager', permissions: [] }));
  renderRoute('/dashboard');
  await screen.findByTestId('app-shell');
  expect(screen.queryByTestId('impersonation-banner')).not.toBeInTheDocument();
});
