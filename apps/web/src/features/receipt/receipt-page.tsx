import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

/**
 * The customer's e-receipt (/bill/:referenceBill). Bills are not delivered yet, so it shows the
 * reference from the link and says plainly that the receipt cannot be viewed online yet; no data.
 */
export default function ReceiptPage() {
  const { t } = useTranslation(['receipt', 'common']);
  const { referenceBill = '' } = useParams();

  useEffect(() => {
    document.title = `${t('title')} ${referenceBill} · ${t('common:appTitle')}`;
  }, [t, referenceBill]);

  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420, textAlign: 'center' }}
        data-testid="receipt"
      >
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <ReceiptLong color="primary" sx={{ fontSize: 56 }} />
          <Box>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {t('title')}
            </Typography>
            <Typography
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="receipt-reference"
            >
              {t('reference')}:{' '}
              <Box
                component="span"
                sx={{ fontFamily: 'monospace', fontSize: '1.05em', color: 'text.primary' }}
              >
                {referenceBill}
              </Box>
            </Typography>
          </Box>
          <Alert severity="info" sx={{ width: '100%', textAlign: 'left' }}>
            {t('notAvailable')}
          </Alert>
          <Typography>{t('keepTicket')}</Typography>
          <Typography color="text.secondary">{t('thanks')}</Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
