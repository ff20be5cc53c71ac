import CloudOff from '@mui/icons-material/CloudOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../components/feedback/alert-store';
import { toast } from '../components/feedback/toast-store';
import { LoadingScreen } from '../components/loading-screen';
import { canEnter } from '../lib/access';
import { setUnauthorizedHandler } from '../lib/api-client';
import { isApiError } from '../lib/api-error';
import { i18n } from '../lib/i18n';
import { sessionStore } from '../lib/session-store';
import { fetchMe } from '../lib/session-user';

// A 401 on any signed-in call: the session ended on the server (revoked, expired, user suspended).
setUnauthorizedHandler(() => {
  if (!sessionStore.get().isLogin) return;
  sessionStore.clear('expired');
  toast.warning(i18n.t('api:errors.sessionExpired'));
});

type CheckState = 'checking' | 'ready' | 'offline';

/** Spec §4: with a stored token, the user is checked through /v1/me before anything renders. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<CheckState>(() => (sessionStore.getToken() ? 'checking' : 'ready'));

  const check = useCallback(async () => {
    setState('checking');
    try {
      const user = await fetchMe();
      if (canEnter('general', user.role)) sessionStore.refresh(user);
      else {
        sessionStore.clear('logout');
        void showAlert({ variant: 'error', title: i18n.t('common:noRight') });
      }
      setState('ready');
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
      <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
        <Box>
          <CloudOff color="disabled" sx={{ fontSize: 64 }} />
          <Typography variant="h6">{t('errors.offlineTitle')}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('errors.offlineText')}
          </Typography>
          <Button variant="contained" onClick={() => void check()}>
            {t('actions.retry')}
          </Button>
        </Box>
      </Box>
    );
  return children;
}
