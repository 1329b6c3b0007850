import { Navigate } from 'react-router';
import { useSession } from '../api/session';

/** `/`: the bot overview when signed in, else the login (also the landing after a tenant switch). */
export function RootRedirect() {
  const { token } = useSession();
  return <Navigate to={token ? '/bots' : '/login'} replace />;
}
