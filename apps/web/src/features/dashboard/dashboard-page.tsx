import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import type { ReportBalance, ReportChart } from '@parking-hub/contracts/reports';
import { memo, useCallback, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useScreenTitle } from '../../app/use-screen-title';
import { PageHeader } from '../../components/page-header';
import { ErrorState } from '../../components/states';
import { useSession } from '../../lib/session-store';
import { useByClosing } from '../../lib/use-by-closing';
import { useBalance } from './api/get-balance';
import { useChart } from './api/get-chart';
import { DashboardBody } from './components/dashboard-body';
import { DashboardControls } from './components/dashboard-controls';
import { chartRange, formatDay, sharedDate } from './dashboard-figures';
import { useSeveralShops } from './use-several-shops';

/**
 * /app: today against yesterday (each shop's own day), the vehicles inside now, the last 30 days
 * and, for callers with several shops, the shops taking the most. The chosen shop is in the URL.
 *
 * A query's answer reaches React through useSyncExternalStore, whose updates render at once, in
 * one task. The screen is drawn from deferred copies of the answers instead: that render is the
 * lower-priority one React does in slices, and the immediate one only passes the same props to
 * the memoised view, which skips it (decision 024).
 */
export default function DashboardPage() {
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

  const setShop = useCallback(
    (id: string | null) =>
      setParams(
        (p) => {
          if (id) p.set('shopId', id);
          else p.delete('shopId');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const { refetch: refetchToday } = today;
  const { refetch: refetchYesterday } = yesterday;
  const onRetry = useCallback(
    () => void Promise.all([refetchToday(), refetchYesterday()]),
    [refetchToday, refetchYesterday],
  );
  return (
    <DashboardView
      several={several}
      shopId={shopId}
      byClosing={byClosing}
      onShopChange={setShop}
      onByClosingChange={setByClosing}
      today={useDeferredValue(today.data)}
      yesterday={useDeferredValue(yesterday.data)}
      chart={useDeferredValue(chart.data)}
      error={useDeferredValue(today.error ?? yesterday.error)}
      chartError={useDeferredValue(chart.error)}
      fetching={useDeferredValue(today.isFetching || yesterday.isFetching || chart.isFetching)}
      onRetry={onRetry}
      onRetryChart={chart.refetch}
    />
  );
}

interface DashboardViewProps {
  several: boolean;
  shopId: string | undefined;
  byClosing: boolean;
  onShopChange: (id: string | null) => void;
  onByClosingChange: (value: boolean) => void;
  today: ReportBalance | undefined;
  yesterday: ReportBalance | undefined;
  chart: ReportChart | undefined;
  error: unknown;
  chartError: unknown;
  fetching: boolean;
  onRetry: () => void;
  onRetryChart: () => unknown;
}

const DashboardView = memo(function DashboardView({
  several,
  shopId,
  byClosing,
  onShopChange,
  onByClosingChange,
  today,
  yesterday,
  chart,
  error,
  chartError,
  fetching,
  onRetry,
  onRetryChart,
}: DashboardViewProps) {
  const { t } = useTranslation('dashboard');
  const title = useScreenTitle();
  const date = today && sharedDate(today);
  const dayBefore = yesterday && sharedDate(yesterday);
  const subtitle =
    date && dayBefore
      ? t('day.shared', { today: formatDay(date), yesterday: formatDay(dayBefore) })
      : t('day.eachShop');

  return (
    <>
      <PageHeader
        title={title}
        // A blank line until the day is known: the skeleton below does not move when it comes.
        subtitle={today ? `${subtitle}${byClosing ? ` · ${t('day.byClosing')}` : ''}` : '\u00a0'}
        actionsBelowOnPhone
        actions={
          <DashboardControls
            showShop={several}
            figuresShown={!!((today && yesterday) || error)}
            shopId={shopId ?? null}
            shopName={today?.shops.find((s) => s.shopId === shopId)?.shopName ?? null}
            onShopChange={onShopChange}
            byClosing={byClosing}
            onByClosingChange={onByClosingChange}
          />
        }
      />
      <LinearProgress sx={{ mb: 1, visibility: fetching && today ? 'visible' : 'hidden' }} />
      {error ? (
        <Paper variant="outlined">
          <ErrorState error={error} onRetry={onRetry} />
        </Paper>
      ) : (
        <DashboardBody
          today={today}
          yesterday={yesterday}
          chart={chart}
          chartError={chartError}
          onRetryChart={onRetryChart}
          mayShowTop={several && !shopId}
        />
      )}
    </>
  );
});
