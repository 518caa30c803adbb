import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inspectionBus } from '../../shell/inspection/inspection-bus';
import { sessionActor, signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { renderWithProviders } from '../../ui/testing/render-with-providers';
import InspectorPage from './inspector-page';

vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));

// The stub session actor is created without the bus, as a root from elsewhere might be: register it.
const unregister = inspectionBus.registerRootActor('session', sessionActor);

afterAll(() => unregister());
afterEach(async () => {
  vi.unstubAllEnvs();
  await signOut();
});

describe('InspectorPage', () => {
  it('shows managers the live actors on the app bus, with the session machine drawn', async () => {
    await signInAs(makeUserInfo({ role: 'manager', username: 'manager1' }));
    vi.stubEnv('DEV', false);
    renderWithProviders(<InspectorPage />);
    expect(screen.getByRole('heading', { name: 'Statechart inspector' })).toBeInTheDocument();
    const list = screen.getByTestId('inspector-actor-list');
    expect(within(list).getByRole('menuitem', { name: /^session/ })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-state-id="session.signedIn"]')).toHaveAttribute('data-active', 'true'), {
      timeout: 10_000,
    });
    // Sign-in went through the bus too; the password the stub sends never reaches the log.
    const { log } = inspectionBus.getSnapshot();
    expect(log.find((entry) => entry.type === 'LOGIN')?.payload).toMatchObject({ password: '[redacted]' });
    expect(JSON.stringify(log)).not.toContain('"secret"');
  });

  it('keeps the Stately button disabled and says why', async () => {
    await signInAs(makeUserInfo({ role: 'admin', username: 'admin1' }));
    renderWithProviders(<InspectorPage />);
    const button = screen.getByTestId('inspector-stately');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.hover(button);
    expect(await screen.findByText(/needs the @statelyai\/inspect package/)).toBeInTheDocument();
  });

  it('shows agents no permission in a production build', async () => {
    await signInAs(makeUserInfo({ role: 'agent' }));
    vi.stubEnv('DEV', false);
    renderWithProviders(<InspectorPage />);
    expect(screen.getByTestId('no-permission')).toBeInTheDocument();
  });

  it('lets agents in on a development build', async () => {
    await signInAs(makeUserInfo({ role: 'agent' }));
    vi.stubEnv('DEV', true);
    renderWithProviders(<InspectorPage />);
    expect(screen.getByRole('heading', { name: 'Statechart inspector' })).toBeInTheDocument();
  });
});
