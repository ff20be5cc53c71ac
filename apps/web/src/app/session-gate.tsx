import type { SessionUser } from '@parking-hub/contracts/auth';
import { lazy, type ReactNode, Suspense, startTransition, useCallback, useEffect, useState } from 'react';
import { showAlert } from '../components/feedback/alert-store';
import { toast } from '../components/feedback/toast-store';
import { LoadingScreen } from '../components/loading-screen';
import { canEnter } from '../lib/access';
import { api, dataOf, setUnauthorizedHandler } from '../lib/api-client';
import { isApiError } from '../lib/api-error';
import { WEB_BRAND } from '../lib/config';
import { i18n } from '../lib/i18n';
import { sessionStore } from '../lib/session-store';
import { fetchMe } from '../lib/session-user';
import { takeEarly } from './early-start';

// A 401 on any signed-in call: the session ended on the server (revoked, expired, user suspended).
setUnauthorizedHandler(() => {
  if (!sessionStore.get().isLogin) return;
  sessionStore.clear('expired');
  toast.warning(i18n.t('api:errors.sessionExpired'));
});

// Asked by index.html before this code arrived (early-start.ts), else as soon as it runs, before
// the first render: on a slow phone the answer comes sooner. The first check takes it; a retry
// asks again.
const firstMe = () =>
  takeEarly('/v1/me', { brand: WEB_BRAND }, () =>
    api.post<{ user: SessionUser }>('/v1/me', { brand: WEB_BRAND }, { skipUnauthorizedHandler: true }),
  ).then((envelope) => dataOf(envelope).user);
let firstAnswer = sessionStore.getToken() ? firstMe() : null;
firstAnswer?.catch(() => {}); // handled by the check that takes it

// Rare, and drawn with MUI: loaded only when the server cannot be reached (decision 005).
const OfflineScreen = lazy(() => import('./offline-screen'));

type CheckState = 'checking' | 'ready' | 'offline';

/** Spec §4: with a stored token, the user is checked through /v1/me before anything renders. */
export function SessionGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<CheckState>(() => (sessionStore.getToken() ? 'checking' : 'ready'));

  const check = useCallback(async () => {
    setState('checking');
    const answer = firstAnswer ?? fetchMe();
    firstAnswer = null;
    try {
      const user = await answer;
      if (canEnter('general', user.role)) sessionStore.refresh(user);
      else {
        sessionStore.clear('logout');
        void showAlert({ variant: 'error', title: i18n.t('common:noRight') });
      }
      // The whole app draws now: as a transition React renders it in slices, so a slow phone's
      // main thread is never blocked for long (it stays responsive, no long task).
      startTransition(() => setState('ready'));
    } catch (error) {
      if (
        isApiError(error) &&
        (error.kind === 'network' || error.kind === 'timeout' || error.status >= 500)
      ) {
        setState('offline');
        return;
      }
      sessionStore.clear('expired');
      setState('ready');
    }
  }, []);

  useEffect(() => {
    if (sessionStore.getToken()) void check();
  }, [check]);

  if (state === 'checking') return <LoadingScreen fullScreen />;
  if (state === 'offline')
    return (
      <Suspense fallback={null}>
        <OfflineScreen onRetry={() => void check()} />
      </Suspense>
    );
  return children;
}
