import Skeleton from '@mui/material/Skeleton';
import type { ReportChart as Chart } from '@parking-hub/contracts/reports';
import { useTranslation } from 'react-i18next';
import { ReportChart } from '../../../components/chart/report-chart';
import { ErrorState } from '../../../components/states';
import { formatKip } from '../../../lib/format';
import { chartRows, formatCount } from '../dashboard-figures';
import { SectionCard } from './section-card';

const HEIGHT = 240;

/** Money taken (bars) and bills in (line) on each of the last 30 days. */
export function TrendChartCard({
  chart,
  error,
  onRetry,
}: {
  chart: Chart | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const total =
    chart &&
    t('chart.total', { amount: formatKip(chart.totals.amount), n: formatCount(chart.totals.billsIn) });
  return (
    <SectionCard title={t('chart.title')} subtitle={total} data-testid="dashboard-chart">
      {chart ? (
        <ReportChart
          title={t('chart.title')}
          rows={chartRows(chart)}
          series={[
            { key: 'amount', label: t('figures.amount'), kind: 'bar', money: true },
            { key: 'billsIn', label: t('figures.billsIn'), kind: 'line' },
          ]}
          height={HEIGHT}
        />
      ) : error ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : (
        <Skeleton variant="rounded" height={HEIGHT} sx={{ mt: 1 }} />
      )}
    </SectionCard>
  );
}
