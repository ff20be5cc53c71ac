import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
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

  return (
    <>
      <PageHeader
        title={title}
        // A blank line until the day is known: the skeleton below does not move when it comes.
        subtitle={today.data ? `${subtitle}${byClosing ? ` · ${t('day.byClosing')}` : ''}` : '\u00a0'}
        actionsBelowOnPhone
        actions={
          <DashboardControls
            showShop={several}
            figuresShown={!!((today.data && yesterday.data) || error)}
            shopId={shopId ?? null}
            shopName={today.data?.shops.find((s) => s.shopId === shopId)?.shopName ?? null}
            onShopChange={setShop}
            byClosing={byClosing}
            onByClosingChange={setByClosing}
          />
        }
      />
      <LinearProgress sx={{ mb: 1, visibility: fetching && today.data ? 'visible' : 'hidden' }} />
      {error ? (
        <Paper variant="outlined">
          <ErrorState
            error={error}
            onRetry={() => void Promise.all([today.refetch(), yesterday.refetch()])}
          />
        </Paper>
      ) : (
        <DashboardBody
          today={today.data}
          yesterday={yesterday.data}
          chart={chart.data}
          chartError={chart.error}
          onRetryChart={chart.refetch}
          mayShowTop={several && !shopId}
        />
      )}
    </>
  );
}
