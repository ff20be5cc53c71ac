import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';

const WHO_TO_ASK = ['shop', 'manager', 'agent'] as const;

/**
 * No e-mail or WhatsApp on file, so no code can go anywhere: a user one role up sets a new
 * password on the Users screen, which also signs out every session.
 */
export function WhoToAsk() {
  const { t } = useTranslation(['password-help', 'screens']);
  return (
    <Stack spacing={2} data-testid="who-to-ask">
      <Alert severity="warning" icon={false}>
        <Typography sx={{ fontWeight: 600 }}>{t('noDestination.title')}</Typography>
        <Typography variant="body2">{t('noDestination.text')}</Typography>
      </Alert>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {WHO_TO_ASK.map((role) => (
          <Typography component="li" key={role} sx={{ mb: 0.5 }}>
            <Trans t={t} i18nKey={`whoToAsk.${role}`} components={{ strong: <strong /> }} />
          </Typography>
        ))}
      </Box>
      <Typography>{t('howTo', { screen: t('screens:users') })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('sessions')}
      </Typography>
    </Stack>
  );
}
