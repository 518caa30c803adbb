import { Navigate } from 'react-router-dom';

/** The admin dashboard is the announcements (specification section 2: /admin/dashboard redirects there). */
export const ADMIN_ANNOUNCEMENTS_PATH = '/admin/announcements';

export default function AdminDashboardScreen() {
  return <Navigate to={ADMIN_ANNOUNCEMENTS_PATH} replace />;
}
