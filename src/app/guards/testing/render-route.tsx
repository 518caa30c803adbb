import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { buildRouteObjects } from '../../router';
import { setNavigate } from '../../../shell/session/testing/session-actor-stub';
import { renderWithProviders } from '../../../ui/testing/render-with-providers';

/**
 * Test helper: the real route tree in a memory router at `path`, with the stub session's navigation
 * plugged in. Tests must `vi.mock('<path>/shell/session/session-actor', () => import('<path>/shell/session/testing/session-actor-stub'))`.
 */
export function renderRoute(path: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  setNavigate((to) => void router.navigate(to));
  const result = renderWithProviders(<RouterProvider router={router} />);
  return { router, ...result };
}
