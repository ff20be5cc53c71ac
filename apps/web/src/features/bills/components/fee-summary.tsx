import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { BillWithFee } from '@parking-hub/contracts/bills';
import { useTranslation } from 'react-i18next';
import { FeeBreakdown } from '../../../components/fee-breakdown';
import { formatKip } from '../../../lib/format';

const minutesBetween = (from: string, to: string) =>
  Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 60_000));

/** The fee charged, or for a parked bill what leaving now would cost, with its breakdown. */
export function FeeSummary({ found }: { found: BillWithFee }) {
  const { t } = useTranslation(['bills', 'common']);
  const { bill, feeNow } = found;
  const charged =
    bill.fee !== null && bill.checkOutAt
      ? {
          total: bill.fee,
          parts: bill.feeParts ?? [],
          minutes: minutesBetween(bill.checkInAt, bill.checkOutAt),
        }
      : null;
  const fee = feeNow ?? charged;
  if (bill.status === 'CANCELLED' && !charged) {
    return (
      <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }} data-testid="bill-fee">
        <Typography>{t('detail.cancelNote', { reason: bill.cancelReason ?? '' })}</Typography>
      </Paper>
    );
  }
  if (!fee) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="bill-fee">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography color="text.secondary">{t(feeNow ? 'detail.feeNow' : 'detail.feeCharged')}</Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="bill-fee-total">
          {formatKip(fee.total)}
        </Typography>
      </Box>
      {bill.paymentMethod && (
        <Typography variant="body2" sx={{ textAlign: 'right', mb: 1 }}>
          {t('detail.paidWith', { method: t(`common:payment.${bill.paymentMethod}`) })}
        </Typography>
      )}
      <FeeBreakdown fee={fee} />
      {feeNow && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('detail.liveNote')}
        </Typography>
      )}
      {bill.status === 'CANCELLED' && (
        <Typography sx={{ mt: 1 }}>{t('detail.cancelNote', { reason: bill.cancelReason ?? '' })}</Typography>
      )}
    </Paper>
  );
}
