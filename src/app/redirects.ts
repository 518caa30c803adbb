/**
 * Landing paths (specification section 2): after login, and for a signed-in user opening /login.
 * The rules are implemented beside the session machine (which applies them after every login and may
 * not import src/app); this is their public home for the router, guards and screens.
 */
export {
  ADMIN_HOME,
  ANNOUNCEMENTS,
  CONSULTATIONS,
  DASHBOARD,
  homeForSignedIn,
  LOGIN_PATH,
  redirectAfterLogin,
} from '../machines/session/landing-paths';
