import { Navigate, Outlet } from 'react-router';
import { useSession } from '../api/session';

/** Routes that need a session send visitors without one to /login. */
export function RequireAuth() {
  const { token } = useSession();
  if (!token) return <Navigate to="/login" replace />;
  return <Outlet />;
}
