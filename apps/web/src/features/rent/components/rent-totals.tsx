import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { RentTotals as Totals } from '@parking-hub/contracts/rent';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';

function Card({
  label,
  amount,
  note,
  color,
  testId,
  failed,
}: {
  label: string;
  amount: number | undefined;
  /** The report failed (its error is shown below): a dash, not a figure still loading. */
  failed?: boolean;
  note?: string;
  color?: string;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {amount === undefined && failed ? (
        <Typography sx={{ fontWeight: 700, fontSize: { xs: 18, sm: 22 } }} color="text.secondary">
          —
        </Typography>
      ) : amount === undefined ? (
        <Skeleton width="70%" height={32} />
      ) : (
        <Typography
          sx={{ fontWeight: 700, fontSize: { xs: 18, sm: 22 }, color, overflowWrap: 'anywhere' }}
          data-testid={`${testId}-amount`}
        >
          {formatKip(amount)}
        </Typography>
      )}
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Paper>
  );
}

/** Invoiced, paid, due and overdue over every invoice the filters match (void ones left out). */
export function RentTotals({ totals, failed }: { totals: Totals | undefined; failed?: boolean }) {
  const { t } = useTranslation('rent');
  const live = totals ? totals.count - (totals.byStatus.VOID?.count ?? 0) : 0;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        mb: 2,
      }}
      data-testid="rent-totals"
    >
      <Card
        label={t('totals.invoiced')}
        amount={totals?.total}
        note={totals && t('totals.invoices', { count: live })}
        testId="total-invoiced"
        failed={failed}
      />
      <Card
        label={t('totals.paid')}
        amount={totals?.paid}
        color="success.dark"
        testId="total-paid"
        failed={failed}
      />
      <Card label={t('totals.due')} amount={totals?.due} testId="total-due" failed={failed} />
      <Card
        label={t('totals.overdue')}
        amount={totals?.overdue}
        note={totals && t('totals.invoices', { count: totals.overdueCount })}
        color={totals?.overdue ? 'error.main' : undefined}
        testId="total-overdue"
        failed={failed}
      />
    </Box>
  );
}
