import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Classes } from '@blueprintjs/core';
import { setNavigate, signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { renderRoute } from '../guards/testing/render-route';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { applyThemeToBody } from '../../ui/theme/theme-store';
import { setLanguage } from '../../i18n/language-store';

vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));

const manager = makeUserInfo({ username: 'manager', role: 'manager', permissions: [] });

async function openDashboard() {
  await signInAs(manager);
  const view = renderRoute('/dashboard');
  await screen.findByTestId('app-shell');
  return view;
}

afterEach(async () => {
  setNavigate(null);
  await signOut();
  setLanguage('en');
  applyThemeToBody('light');
});

describe('language switch', () => {
  it('shows the interface in Korean, persists `language` and sets <html lang="ko">', async () => {
    const user = userEvent.setup();
    await openDashboard();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('language-switch'), 'kr');
    expect(await screen.findByRole('heading', { name: '대시보드' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '등록 현황' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('kr');
    expect(document.documentElement.lang).toBe('ko');
  });

  it('starts in the stored language', async () => {
    localStorage.setItem('language', 'kr');
    await openDashboard();
    expect(await screen.findByRole('heading', { name: '대시보드' })).toBeInTheDocument();
  });
});

describe('theme switch', () => {
  it('defaults to light', async () => {
    await openDashboard();
    expect(screen.getByTestId('theme-switch')).toHaveValue('light');
    expect(document.body).not.toHaveClass(Classes.DARK);
  });

  it('dark: persists `theme` and darkens the whole page through <body>', async () => {
    const user = userEvent.setup();
    await openDashboard();
    await user.selectOptions(screen.getByTestId('theme-switch'), 'dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.body).toHaveClass(Classes.DARK);
  });

  it('semi-dark: dark sidebar and header around light content', async () => {
    const user = userEvent.setup();
    await openDashboard();
    await user.selectOptions(screen.getByTestId('theme-switch'), 'semi-dark');
    expect(localStorage.getItem('theme')).toBe('semi-dark');
    expect(document.body).not.toHaveClass(Classes.DARK);
    expect(screen.getByTestId('sidebar')).toHaveClass(Classes.DARK);
    expect(screen.getByTestId('app-header')).toHaveClass(Classes.DARK);
  });
});

describe('sidebar', () => {
  it('starts collapsed even when a width is stored, and expands to the stored width', async () => {
    const user = userEvent.setup();
    localStorage.setItem('verticalNavMenuWidth', '300');
    await openDashboard();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByTestId('sidebar-toggle'));
    expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    expect(sidebar).toHaveStyle({ width: '300px' });
  });

  it('persists the width chosen with the resize handle in `verticalNavMenuWidth`', async () => {
    const user = userEvent.setup();
    await openDashboard();
    await user.click(screen.getByTestId('sidebar-toggle'));
    const handle = screen.getByRole('separator', { name: 'Resize menu' });
    handle.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(localStorage.getItem('verticalNavMenuWidth')).toBe('272');
    expect(screen.getByTestId('sidebar')).toHaveStyle({ width: '272px' });
  });

  it('lists the menu entries the user may open, from the route table', async () => {
    const user = userEvent.setup();
    await openDashboard();
    await user.click(screen.getByTestId('sidebar-toggle'));
    const nav = within(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(nav.getByText('Configuration')).toBeInTheDocument();
    expect(nav.getByRole('menuitem', { name: 'Members' })).toHaveAttribute('href', '/members');
    // The active section shows its children.
    expect(nav.getByRole('menuitem', { name: 'Registration status' })).toBeInTheDocument();
    // The company lacks company_can_use_queue_board; the admin menu is not this user's.
    expect(nav.queryByText('Queues board')).not.toBeInTheDocument();
    expect(nav.queryByText('Companies')).not.toBeInTheDocument();
  });

  it('navigates when an entry is clicked', async () => {
    const user = userEvent.setup();
    const { router } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Members' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'));
  });
});

describe('user menu', () => {
  it('shows the name and role, and logs out keeping the language', async () => {
    const user = userEvent.setup();
    localStorage.setItem('language', 'kr');
    const { router } = await openDashboard();
    expect(localStorage.getItem('token')).toBeTruthy();
    await user.click(screen.getByTestId('user-menu'));
    expect(await screen.findByText('manager · 매니저')).toBeInTheDocument();
    await user.click(screen.getByTestId('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('language')).toBe('kr');
  });
});
