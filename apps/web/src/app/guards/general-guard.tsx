import { Navigate, Outlet, useLocation } from 'react-router';
import { canEnter } from '../../lib/access';
import { useSession } from '../../lib/session-store';

/**
 * Spec §2 general area: a signed-in SHOP, ADMIN, AGENT, MANAGER or SUPER-ADMIN; anyone else goes
 * to '/', remembering where they were going unless they signed out themselves.
 */
export default function GeneralGuard() {
  const session = useSession();
  const location = useLocation();
  if (session.isLogin && canEnter('general', session.role)) return <Outlet />;
  const state = session.endedBy === 'logout' ? undefined : { from: location.pathname + location.search };
  return <Navigate to="/" replace state={state} />;
}
