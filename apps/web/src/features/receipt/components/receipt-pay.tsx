import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { formatKip } from '../../../lib/format';
import { useReceiptQr } from '../api/get-receipt-qr';

/** "Pay with Lao QR": the dynamic QR of the fee now; the staff confirm the payment at the exit. */
export function ReceiptPay({ reference, total }: { reference: string; total: number }) {
  const { t } = useTranslation('receipt');
  const qr = useReceiptQr(reference, total, true);
  // Nothing to pay any more (e.g. the bill was just closed): the next refresh says so, quietly.
  if (isApiError(qr.error) && qr.error.status === 409) return null;
  const amount = formatKip(qr.data?.amount ?? total);
  return (
    <Box
      component="section"
      sx={{ p: 2, textAlign: 'center' }}
      aria-labelledby="pay-title"
      data-testid="receipt-pay"
    >
      <Typography id="pay-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {t('pay.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('pay.text')}
      </Typography>
      {qr.error ? (
        <Alert severity="warning">{qr.error.message}</Alert>
      ) : (
        // A square frame that the image fills once made: the page does not jump when it arrives.
        <Box sx={{ width: 240, maxWidth: '100%', aspectRatio: '1', mx: 'auto' }}>
          {qr.data ? (
            <img
              src={qr.data.image}
              alt={t('pay.alt', { amount })}
              width="100%"
              height="100%"
              data-testid="receipt-qr"
            />
          ) : (
            <Skeleton variant="rectangular" width="100%" height="100%" aria-label={t('pay.loading')} />
          )}
        </Box>
      )}
      {qr.data && (
        <Typography sx={{ mt: 1 }} data-testid="receipt-qr-amount">
          {t('pay.amount')}: <b>{amount}</b>
          <Box component="span" sx={{ display: 'block', typography: 'body2', color: 'text.secondary' }}>
            {t('pay.merchant')}: {qr.data.merchantName}
          </Box>
        </Typography>
      )}
      <Alert severity="info" sx={{ mt: 1.5, textAlign: 'left' }}>
        {t('pay.gateNote')}
      </Alert>
    </Box>
  );
}
