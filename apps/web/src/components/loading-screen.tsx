import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Shown while the session check runs and while a screen loads (spec §2). */
export function LoadingScreen({ fullScreen = false, label }: { fullScreen?: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <Box
      role="progressbar"
      aria-busy="true"
      aria-label={label ?? t('states.loading')}
      data-testid="loading-screen"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: fullScreen ? '100dvh' : 240,
        py: 4,
      }}
    >
      <CircularProgress />
      <Typography color="text.secondary">{label ?? t('states.loading')}</Typography>
    </Box>
  );
}
