import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FinanceReport } from '@parking-hub/contracts/finance';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';

/** The period's headline figures: what was invoiced and paid, still owed, wallets, agents, promotions. */
export function FinanceCards({ report }: { report: FinanceReport }) {
  const { t } = useTranslation('finance');
  const { totals } = report;
  const cards = [
    {
      key: 'invoiced',
      value: totals.invoiced,
      sub: t('accounting.invoicesCount', { count: totals.invoices }),
    },
    { key: 'paid', value: totals.paid },
    {
      key: 'outstanding',
      value: totals.outstanding,
      tone: totals.outstanding > 0 ? 'warning.dark' : undefined,
    },
    { key: 'overdue', value: totals.overdue, tone: totals.overdue > 0 ? 'error.main' : undefined },
    { key: 'topUps', value: totals.topUps },
    { key: 'walletBalance', value: report.walletBalance, sub: t('accounting.walletNow') },
    { key: 'commissionsOwed', value: totals.commissions - totals.commissionsPaid },
    { key: 'commissionsPaid', value: totals.commissionsPaid },
    { key: 'promotions', value: totals.promotions },
  ];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(5, minmax(0, 1fr))',
        },
        '@media print': { gridTemplateColumns: 'repeat(5, 1fr)' },
      }}
    >
      {cards.map((c) => (
        <Paper key={c.key} variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={`card-${c.key}`}>
          <Typography variant="body2" color="text.secondary">
            {t(`accounting.cards.${c.key}`)}
          </Typography>
          <Typography
            sx={{ fontSize: { xs: 17, sm: 20 }, fontWeight: 700, whiteSpace: 'nowrap', color: c.tone }}
            data-testid={`card-${c.key}-value`}
          >
            {formatKip(c.value)}
          </Typography>
          {c.sub && (
            <Typography variant="caption" color="text.secondary">
              {c.sub}
            </Typography>
          )}
        </Paper>
      ))}
    </Box>
  );
}
