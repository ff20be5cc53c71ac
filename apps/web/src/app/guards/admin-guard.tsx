import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { canEnter } from '../../lib/access';
import { useSession } from '../../lib/session-store';

/** Spec §9: the countdown before a non-admin is sent to '/'. */
export const ADMIN_REDIRECT_SECONDS = 3;

function Countdown() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(ADMIN_REDIRECT_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      navigate('/', { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1_000);
    return () => clearTimeout(timer);
  }, [left, navigate]);
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', minHeight: 320, textAlign: 'center' }}
      data-testid="admin-countdown"
    >
      <Box>
        <CircularProgress />
        <Typography variant="h6" sx={{ mt: 2 }}>
          {t('noRight')}
        </Typography>
        <Typography color="text.secondary" aria-live="polite">
          {t('guards.redirectIn', { seconds: left })}
        </Typography>
      </Box>
    </Box>
  );
}

/** Spec §2 admin area: ADMIN and SUPER-ADMIN see the screen; anyone else a 3-second countdown, then '/'. */
export default function AdminGuard() {
  const role = useSession((s) => s.role);
  return canEnter('admin', role) ? <Outlet /> : <Countdown />;
}
