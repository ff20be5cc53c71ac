import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FeeResultDto, PublicBill } from '@parking-hub/contracts/bills';
import { useTranslation } from 'react-i18next';
import { durationParts, formatKip } from '../../../lib/format';
import { stopwatch } from '../live-fee';

/** A flat fee does not change while the vehicle stays, unless nights cost extra. */
const feeGrows = (rule: PublicBill['rule']) =>
  !!rule && (rule.mode === 'TIMED' || (rule.overnightFee ?? 0) > 0);

/** The running stay (parked: a ticking stopwatch) or how long it was (closed). */
function Stay({ bill, fee, now }: { bill: PublicBill; fee: FeeResultDto; now: number }) {
  const { t } = useTranslation(['receipt', 'common']);
  if (bill.status !== 'PARKED') {
    const { key, ...parts } = durationParts(fee.minutes);
    return <>{t(`common:${key}`, parts)}</>;
  }
  const { days, clock } = stopwatch(bill.checkInAt, now);
  return <>{days > 0 ? `${t('days', { count: days })} ${clock}` : clock}</>;
}

/** The fee in large type, the stay, and one line per part of the fee. */
export function ReceiptFee({ bill, fee, now }: { bill: PublicBill; fee: FeeResultDto; now: number }) {
  const { t } = useTranslation(['receipt', 'common']);
  const parked = bill.status === 'PARKED';
  return (
    <Box sx={{ px: 2, py: 2, bgcolor: 'grey.50' }} data-testid="receipt-fee">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {t(parked ? 'parkedFor' : 'duration')}
          </Typography>
          <Typography
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
            data-testid="receipt-duration"
          >
            <Stay bill={bill} fee={fee} now={now} />
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography variant="body2" color="text.secondary">
            {t(parked ? 'feeNow' : 'feePaid')}
          </Typography>
          <Typography
            variant="h4"
            component="p"
            sx={{ fontWeight: 700, lineHeight: 1.1 }}
            data-testid="receipt-total"
          >
            {formatKip(fee.total)}
          </Typography>
        </Box>
      </Box>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, borderTop: 1, borderColor: 'divider', pt: 1 }}
      >
        {fee.parts.map((part) => (
          <Box
            component="li"
            key={part.kind}
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, typography: 'body2', py: 0.25 }}
            data-testid="receipt-part"
          >
            <span>{t(`common:feeParts.${part.kind}`, { count: part.count ?? 0 })}</span>
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatKip(part.amount)}
            </Box>
          </Box>
        ))}
      </Box>
      {!parked && bill.paymentMethod && (
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }} data-testid="receipt-paid-with">
          {t('paidWith', { method: t(`common:payment.${bill.paymentMethod}`) })}
        </Typography>
      )}
      {parked && feeGrows(bill.rule) && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('liveNote')}
        </Typography>
      )}
    </Box>
  );
}
