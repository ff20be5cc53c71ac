import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';

/**
 * Sign out: revoke the token on the server (best effort: an unreachable server must not keep the
 * user signed in here), clear every session field and the stored token (cached data goes with
 * them: lib/query-client.ts), go to '/'.
 */
export async function logout(): Promise<void> {
  if (sessionStore.getToken()) {
    await api.post('/v1/logout', {}, { skipUnauthorizedHandler: true }).catch(() => {});
  }
  sessionStore.clear('logout');
}

export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    navigate('/', { replace: true });
  }, [navigate]);
}
