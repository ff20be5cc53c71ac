import ArrowBack from '@mui/icons-material/ArrowBack';
import LockReset from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

const NS = 'password-help';
const WHO_TO_ASK = ['shop', 'manager', 'agent'] as const;

/**
 * Forgotten password. Until the self-service flow (PIN by e-mail or WhatsApp) exists, it says who
 * can set a new password: a user one role up, on the Users screen (which also signs out every session).
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation([NS, 'common', 'screens']);

  useEffect(() => {
    document.title = `${t('title')} · ${t('common:appTitle')}`;
  }, [t]);

  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440 }}
        data-testid="reset-password"
      >
        <Stack spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <LockReset color="primary" sx={{ fontSize: 56 }} />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
            {t('title')}
          </Typography>
        </Stack>
        <Stack spacing={2}>
          <Typography>{t('notYet')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {WHO_TO_ASK.map((role) => (
              <Typography component="li" key={role} sx={{ mb: 0.5 }}>
                <Trans t={t} i18nKey={`whoToAsk.${role}`} components={{ strong: <strong /> }} />
              </Typography>
            ))}
          </Box>
          <Typography>{t('howTo', { screen: t('screens:users') })}</Typography>
          <Alert severity="info">{t('sessions')}</Alert>
          <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<ArrowBack />}>
            {t('back')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
