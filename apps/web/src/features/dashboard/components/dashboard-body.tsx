import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { ReportBalance, ReportChart } from '@parking-hub/contracts/reports';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/states';
import { isEmpty, isQuiet, vehicleRows } from '../dashboard-figures';
import { DashboardSkeleton, VehiclesSkeleton } from './dashboard-skeleton';
import { DayFiguresGrid } from './day-figures';
import { LAYOUT } from './layout';
import { ParkedNowCard } from './parked-now-card';
import { TopShopsCard } from './top-shops-card';
import { TrendChartCard } from './trend-chart-card';
import { VehicleCards } from './vehicle-cards';

interface DashboardBodyProps {
  today: ReportBalance | undefined;
  yesterday: ReportBalance | undefined;
  chart: ReportChart | undefined;
  chartError: unknown;
  onRetryChart: () => unknown;
  /** The caller sees several shops and chose none: the top shops may show beside the chart. */
  mayShowTop: boolean;
}

/**
 * Skeleton, empty state or the figures. The top cards (plain, without MUI: decision 024) draw as
 * soon as the answers are in; the
 * vehicle cards, the chart and the top shops draw from deferred copies, which React renders in
 * slices that leave the main thread free (no long task on a slow phone).
 */
export function DashboardBody({
  today,
  yesterday,
  chart,
  chartError,
  onRetryChart,
  mayShowTop,
}: DashboardBodyProps) {
  const { t } = useTranslation('dashboard');
  const laterToday = useDeferredValue(today);
  const laterYesterday = useDeferredValue(yesterday);
  const laterChart = useDeferredValue(chart);
  if (!today || !yesterday) return <DashboardSkeleton />;
  // Only a shop quiet today and yesterday waits for the 30 days (it may be an empty one); any
  // other draws its figures now and the chart when it comes.
  if (!chart && !chartError && isQuiet(today, yesterday)) return <DashboardSkeleton />;
  if (chart && isEmpty(today, yesterday, chart))
    return (
      <Paper variant="outlined">
        <EmptyState
          title={t('empty.title')}
          hint={t('empty.hint')}
          action={
            <Button component={RouterLink} to="/app/bills" variant="outlined" sx={{ mt: 1 }}>
              {t('empty.action')}
            </Button>
          }
        />
      </Paper>
    );
  return (
    <div className="ph-dash-stack">
      <div className="ph-dash-top">
        <ParkedNowCard today={today} />
        <DayFiguresGrid today={today} yesterday={yesterday} />
      </div>
      <LaterCards
        today={laterToday}
        yesterday={laterYesterday}
        chart={laterChart}
        chartError={chartError}
        onRetryChart={onRetryChart}
        mayShowTop={mayShowTop}
      />
    </div>
  );
}

/** Memoised: a render with new answers skips it, the deferred one that follows draws it. */
const LaterCards = memo(function LaterCards({
  today,
  yesterday,
  chart,
  chartError,
  onRetryChart,
  mayShowTop,
}: DashboardBodyProps) {
  if (!today || !yesterday) return <VehiclesSkeleton />;
  const showTop = mayShowTop && (chart?.shops.length ?? 0) > 1;
  return (
    <>
      <VehicleCards rows={vehicleRows(today, yesterday)} />
      <Box sx={LAYOUT.bottom(showTop)}>
        <TrendChartCard chart={chart} error={chartError} onRetry={() => void onRetryChart()} />
        {showTop && chart && <TopShopsCard chart={chart} />}
      </Box>
    </>
  );
});
