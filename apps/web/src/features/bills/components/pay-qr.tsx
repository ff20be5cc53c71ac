import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { GenQrBody } from '@parking-hub/contracts/bills';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';
import { usePayQr } from '../api/get-pay-qr';

/**
 * The Lao QR the customer scans with their bank app. A shop without a QR receiver gets the
 * server's message instead (the staff can still take a transfer some other way).
 */
export function PayQr({ body, amount, title }: { body: GenQrBody; amount: number; title: string }) {
  const { t } = useTranslation('bills');
  const qr = usePayQr(body, amount, amount > 0);
  if (qr.error) return <Alert severity="warning">{qr.error.message}</Alert>;
  return (
    <Box sx={{ textAlign: 'center' }} data-testid="pay-qr">
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{title}</Typography>
      {qr.data ? (
        <Box
          component="img"
          src={qr.data.image}
          alt={t('qr.alt', { amount: formatKip(qr.data.amount ?? amount) })}
          sx={{ width: 220, maxWidth: '100%', aspectRatio: '1', display: 'block', mx: 'auto' }}
          data-testid="pay-qr-image"
        />
      ) : (
        <Skeleton
          variant="rectangular"
          width={220}
          height={220}
          sx={{ mx: 'auto' }}
          aria-label={t('qr.loading')}
        />
      )}
      {qr.data && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('qr.amount')}: <b>{formatKip(qr.data.amount ?? amount)}</b> · {t('qr.merchant')}:{' '}
          {qr.data.merchantName}
        </Typography>
      )}
    </Box>
  );
}
