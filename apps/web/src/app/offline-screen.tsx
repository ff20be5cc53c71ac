import CloudOff from '@mui/icons-material/CloudOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MuiTheme } from './mui-theme';

/** The server cannot be reached at start-up (decision 006): retry instead of signing out. */
export default function OfflineScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <MuiTheme>
      <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
        <Box>
          <CloudOff color="disabled" sx={{ fontSize: 64 }} />
          <Typography variant="h6">{t('errors.offlineTitle')}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('errors.offlineText')}
          </Typography>
          <Button variant="contained" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        </Box>
      </Box>
    </MuiTheme>
  );
}
