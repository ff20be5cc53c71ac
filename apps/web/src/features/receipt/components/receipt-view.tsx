import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PublicBill } from '@parking-hub/contracts/bills';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { Receipt } from '../api/get-public-bill';
import { feeAt } from '../live-fee';
import { ReceiptFee } from './receipt-fee';
import { ReceiptPay } from './receipt-pay';
import { ReceiptShop } from './receipt-shop';
import { ReceiptStatus } from './receipt-status';

/** The server's time now, ticking every second while `live` (the phone's clock corrected). */
function useServerNow(offsetMs: number, live: boolean): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    if (!live) return;
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 1_000);
    return () => clearInterval(timer);
  }, [offsetMs, live]);
  return now;
}

function Vehicle({ bill }: { bill: PublicBill }) {
  const { t } = useTranslation(['receipt', 'common']);
  return (
    <Box sx={{ px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography sx={{ fontWeight: 600 }}>{t(`common:vehicles.${bill.vehicleType}`)}</Typography>
      <Box
        sx={{ border: 2, borderRadius: 1, px: 1, fontWeight: 700, fontSize: 18, letterSpacing: 0.5 }}
        data-testid="receipt-plate"
      >
        {bill.plate ?? t('noPlate')}
      </Box>
      {bill.member && <Chip size="small" color="primary" label={t('member')} />}
    </Box>
  );
}

function Times({ bill }: { bill: PublicBill }) {
  const { t } = useTranslation('receipt');
  const zone = bill.shop.timezone;
  const row = (label: string, at: string) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, typography: 'body2' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <span>{formatDateTime(at, zone)}</span>
    </Box>
  );
  return (
    <Box sx={{ px: 2, pb: 1.5 }} data-testid="receipt-times">
      {row(t('checkIn'), bill.checkInAt)}
      {bill.checkOutAt && row(t('checkOut'), bill.checkOutAt)}
    </Box>
  );
}

/** The receipt itself: shop, status, vehicle, times, the (live) fee, Lao QR, conditions. */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('receipt');
  const { bill } = receipt;
  const parked = bill.status === 'PARKED';
  const now = useServerNow(receipt.offsetMs, parked);
  const fee = bill.status === 'CANCELLED' ? null : feeAt(bill, now);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <ReceiptShop shop={bill.shop} />
      <ReceiptStatus status={bill.status} number={bill.number} />
      <Vehicle bill={bill} />
      <Times bill={bill} />
      {fee && <ReceiptFee bill={bill} fee={fee} now={now} />}
      {bill.status === 'CANCELLED' && (
        <Typography sx={{ px: 2, py: 2, bgcolor: 'grey.100' }} data-testid="receipt-cancelled">
          {t('cancelledNote')}
        </Typography>
      )}
      {parked && bill.canPayByQr && fee && <ReceiptPay reference={bill.reference} total={fee.total} />}
      {bill.shop.conditions && (
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography variant="subtitle2">{t('conditions')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {bill.shop.conditions}
          </Typography>
        </Box>
      )}
      <Divider />
      <Box sx={{ px: 2, py: 1.5, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('reference')}:{' '}
          <Box
            component="span"
            sx={{ fontFamily: 'monospace', color: 'text.primary' }}
            data-testid="receipt-reference"
          >
            {bill.reference}
          </Box>
        </Typography>
        {parked && <Typography variant="body2">{t('keepTicket')}</Typography>}
        <Typography variant="body2" color="text.secondary">
          {t('thanks')}
        </Typography>
      </Box>
    </Paper>
  );
}
