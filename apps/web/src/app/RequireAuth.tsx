import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { loginPathFor } from './after-login';

/** Routes that need a session send visitors without one to /login, which brings them back after. */
export function RequireAuth() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to={loginPathFor(location)} replace />;
  return <Outlet />;
}
