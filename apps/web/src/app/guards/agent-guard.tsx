import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { toast } from '../../components/feedback/toast-store';
import { canEnter } from '../../lib/access';
import { useSession } from '../../lib/session-store';

/** Spec §2 agent area: ADMIN, SUPER-ADMIN or AGENT; others are sent back to the report screen. */
export default function AgentGuard() {
  const { t } = useTranslation();
  const role = useSession((s) => s.role);
  const allowed = canEnter('agent', role);
  useEffect(() => {
    if (!allowed) toast.error(t('noRight'));
  }, [allowed, t]);
  return allowed ? <Outlet /> : <Navigate to="/app" replace />;
}
