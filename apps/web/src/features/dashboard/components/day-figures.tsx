import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReportBalance } from '@parking-hub/contracts/reports';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';
import { type DayFigures, formatCount } from '../dashboard-figures';
import { LAYOUT } from './layout';
import { TrendText } from './trend-text';

const COUNTS = ['billsIn', 'billsOut', 'lost', 'cancelled'] as const;

function Figure({
  name,
  label,
  today,
  yesterday,
  format,
  children,
}: {
  name: string;
  label: string;
  today: number;
  yesterday: number;
  format: (n: number) => string;
  children?: React.ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={`figure-${name}`}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: 22, overflowWrap: 'anywhere' }} data-testid="today">
        {format(today)}
      </Typography>
      <TrendText today={today} yesterday={yesterday} text={format(yesterday)} />
      {children}
    </Paper>
  );
}

/**
 * Money taken (cash and QR; membership passes sold are in those, and shown on a line of their own
 * on a day either side sold some) and bills in, out, lost and cancelled: today, with yesterday
 * under it.
 */
export function DayFiguresGrid({ today, yesterday }: { today: ReportBalance; yesterday: ReportBalance }) {
  const { t } = useTranslation('dashboard');
  const now: DayFigures = today.totals;
  const before: DayFigures = yesterday.totals;
  return (
    <Box sx={LAYOUT.figures}>
      <Box sx={{ ...LAYOUT.money, display: 'grid' }}>
        <Figure
          name="amount"
          label={t('figures.amount')}
          today={now.amount}
          yesterday={before.amount}
          format={formatKip}
        >
          <Box
            component="dl"
            sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5, fontSize: 14 }}
          >
            {(['cash', 'qr'] as const).map((k) => (
              <Box key={k} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {t(`figures.${k}`)}
                </Box>
                <Box
                  component="dd"
                  sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}
                  data-testid={`today-${k}`}
                >
                  {formatKip(now[`${k}Amount`])}
                </Box>
              </Box>
            ))}
            {(now.passCount > 0 || before.passCount > 0) && (
              <>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {t('figures.passes', { count: now.passCount })}
                </Box>
                <Box
                  component="dd"
                  sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}
                  data-testid="today-passes"
                >
                  {formatKip(now.passAmount)}
                </Box>
              </>
            )}
          </Box>
        </Figure>
      </Box>
      {COUNTS.map((k) => (
        <Figure
          key={k}
          name={k}
          label={t(`figures.${k}`)}
          today={now[k]}
          yesterday={before[k]}
          format={formatCount}
        />
      ))}
    </Box>
  );
}
