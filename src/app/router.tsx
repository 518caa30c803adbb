import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ADMIN_ROUTES, APP_ROUTES, AUTH_ROUTES, defaultChildPath, joinPath, PUBLIC_ROUTES, type RouteDef } from './routes';
import { POPUPS } from './popups/registry';
import { POPUP_BASE } from '../shell/popups/popup-table';
import { setNavigate } from '../shell/session/session-actor';
import { RouteScreen } from './guards/route-screen';
import { SectionIndex } from './guards/section-index';
import { RequireAuth } from './guards/require-auth';
import { RedirectIfSignedIn } from './guards/redirect-if-signed-in';
import type { AccessRule } from '../shell/session/route-access';
import { AppShell } from './layouts/app-shell';
import { BareLayout } from './layouts/bare-layout';
import { PopupLayout } from './layouts/popup-layout';
import { PopupScreen } from './layouts/popup-screen';
import { LOGIN_PATH } from '../machines/session/landing-paths';
import type { MessageId } from '../i18n/message-ids';

/** What layouts read from matched routes (DocumentTitle): the page title's message id. */
export interface RouteHandle {
  titleId: MessageId;
}

export const NOT_FOUND_PATH = '/404';
export const ADMIN_ROOT = '/admin';
export const ADMIN_DASHBOARD = '/admin/dashboard';

function toRouteObject(def: RouteDef, parentPath: string, inherited: readonly AccessRule[]): RouteObject {
  const fullPath = parentPath ? joinPath(parentPath, def.path) : def.path;
  const handle: RouteHandle = { titleId: def.titleId };
  const element = <RouteScreen def={def} fullPath={fullPath} inherited={inherited} />;
  if (def.index) return { index: true, handle, element };

  const children = def.children?.map((child) => toRouteObject(child, fullPath, [...inherited, def]));
  const fallback = defaultChildPath(def);
  if (children && fallback && !def.children?.some((child) => child.index)) {
    // A section's bare path opens its first child (e.g. /my-account → /my-account/personal-information).
    children.unshift({ index: true, element: <SectionIndex def={def} /> });
  }
  return { path: def.path, handle, element, children };
}

const mount = (defs: readonly RouteDef[]) => defs.map((def) => toRouteObject(def, '', []));

/**
 * The route objects for react-router, from the route table and the pop-up registry. Exported apart from
 * the router so tests mount the very same tree in a memory router.
 */
export function buildRouteObjects(): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={LOGIN_PATH} replace /> },
    {
      element: <BareLayout />,
      children: [
        ...AUTH_ROUTES.map((def) => ({
          path: def.path,
          handle: { titleId: def.titleId } satisfies RouteHandle,
          element: (
            <RedirectIfSignedIn>
              <RouteScreen def={def} fullPath={def.path} />
            </RedirectIfSignedIn>
          ),
        })),
        ...mount(PUBLIC_ROUTES),
      ],
    },
    {
      element: (
        <RequireAuth>
          <AppShell />
        </RequireAuth>
      ),
      children: [
        ...mount(APP_ROUTES),
        { path: ADMIN_ROOT, element: <Navigate to={ADMIN_DASHBOARD} replace /> },
        ...mount(ADMIN_ROUTES),
      ],
    },
    {
      // Pop-up windows: no sidebar, the session shared through localStorage (never a second sign-in).
      path: POPUP_BASE,
      element: (
        <RequireAuth>
          <PopupLayout />
        </RequireAuth>
      ),
      children: POPUPS.map((def) => ({
        path: def.path,
        handle: { titleId: def.titleId } satisfies RouteHandle,
        element: <PopupScreen def={def} />,
      })),
    },
    { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
  ];
}

/** The app's router (history mode), with the session machine's navigation plugged into it. */
export function createAppRouter() {
  const router = createBrowserRouter(buildRouteObjects());
  setNavigate((to) => void router.navigate(to));
  return router;
}
