import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useScreenTitle } from '../../app/use-screen-title';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState } from '../../components/states';
import { useSession } from '../../lib/session-store';
import { useByClosing } from '../../lib/use-by-closing';
import { useBalance } from './api/get-balance';
import { useChart } from './api/get-chart';
import { DashboardControls } from './components/dashboard-controls';
import { DashboardSkeleton } from './components/dashboard-skeleton';
import { DayFiguresGrid } from './components/day-figures';
import { LAYOUT } from './components/layout';
import { ParkedNowCard } from './components/parked-now-card';
import { TopShopsCard } from './components/top-shops-card';
import { TrendChartCard } from './components/trend-chart-card';
import { VehicleCards } from './components/vehicle-cards';
import { chartRange, formatDay, isEmpty, sharedDate, vehicleRows } from './dashboard-figures';
import { useSeveralShops } from './use-several-shops';

/**
 * /app: today against yesterday (each shop's own day), the vehicles inside now, the last 30 days
 * and, for callers with several shops, the shops taking the most. The chosen shop is in the URL.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const title = useScreenTitle();
  const role = useSession((s) => s.role);
  const several = useSeveralShops(role);
  const [params, setParams] = useSearchParams();
  const [byClosing, setByClosing] = useByClosing();
  // Shop staff see their own shop whatever the URL says: the server scopes them to it anyway.
  const shopId = (several && params.get('shopId')) || undefined;
  const body = { shopId, byClosing };
  const today = useBalance('today', body);
  const yesterday = useBalance('yesterday', body);
  const range = today.data ? chartRange(today.data, new Date()) : null;
  const chart = useChart(range && { ...range, ...body });

  const setShop = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('shopId', id);
        else p.delete('shopId');
        return p;
      },
      { replace: true },
    );
  const date = today.data && sharedDate(today.data);
  const dayBefore = yesterday.data && sharedDate(yesterday.data);
  const subtitle =
    date && dayBefore
      ? t('day.shared', { today: formatDay(date), yesterday: formatDay(dayBefore) })
      : t('day.eachShop');
  const error = today.error ?? yesterday.error;
  const fetching = today.isFetching || yesterday.isFetching || chart.isFetching;

  function content() {
    if (error)
      return (
        <Paper variant="outlined">
          <ErrorState
            error={error}
            onRetry={() => void Promise.all([today.refetch(), yesterday.refetch()])}
          />
        </Paper>
      );
    if (!today.data || !yesterday.data || (!chart.data && !chart.error)) return <DashboardSkeleton />;
    if (chart.data && isEmpty(today.data, yesterday.data, chart.data))
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
    const showTop = several && !shopId && (chart.data?.shops.length ?? 0) > 1;
    return (
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <Box sx={LAYOUT.top}>
          <ParkedNowCard today={today.data} />
          <DayFiguresGrid today={today.data} yesterday={yesterday.data} />
        </Box>
        <VehicleCards rows={vehicleRows(today.data, yesterday.data)} />
        <Box sx={LAYOUT.bottom(showTop)}>
          <TrendChartCard chart={chart.data} error={chart.error} onRetry={() => void chart.refetch()} />
          {showTop && chart.data && <TopShopsCard chart={chart.data} />}
        </Box>
      </Box>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        subtitle={today.data ? `${subtitle}${byClosing ? ` · ${t('day.byClosing')}` : ''}` : undefined}
        actions={
          <DashboardControls
            showShop={several}
            shopId={shopId ?? null}
            shopName={today.data?.shops.find((s) => s.shopId === shopId)?.shopName ?? null}
            onShopChange={setShop}
            byClosing={byClosing}
            onByClosingChange={setByClosing}
          />
        }
      />
      <LinearProgress sx={{ mb: 1, visibility: fetching && today.data ? 'visible' : 'hidden' }} />
      {content()}
    </>
  );
}
