import Percent from '@mui/icons-material/Percent';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CompensationRow } from '@parking-hub/contracts/finance';
import { monthIn } from '@parking-hub/contracts/packages';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState } from '../../components/states';
import { DEFAULT_TIME_ZONE } from '../../lib/format';
import { monthsFrom } from '../../lib/months';
import { useSession } from '../../lib/session-store';
import { useSearchFilters } from '../../lib/use-search-filters';
import { ReportPager } from '../reports/components/report-pager';
import { ReportTable } from '../reports/components/report-table';
import { useCompensation } from './api/get-compensation';
import { useAgentRates } from './api/save-compensation';
import { CompensationCards } from './components/compensation-cards';
import { compensationColumns } from './components/compensation-columns';
import { CompensationFilters, type CompensationFilterValues } from './components/compensation-filters';
import { DetailDialog } from './components/detail-dialog';
import { PayoutDialog } from './components/payout-dialog';
import { RatesDialog } from './components/rates-dialog';

const KEYS = ['month', 'agent', 'status'] as const;
const PAGE_SIZE = 20;

/**
 * /app/compensation: agents' commissions per month (an agent sees their own; admins every agent,
 * pay a month out with a reference and set each agent's rate). Filters and page in the URL.
 */
export default function CompensationPage() {
  const { t } = useTranslation(['finance', 'common']);
  const title = useScreenTitle();
  const role = useSession((s) => s.role);
  const admin = role === 'ADMIN' || role === 'SUPER-ADMIN';
  const { values, page, setFilters, setPage } = useSearchFilters(KEYS);
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const [detail, setDetail] = useState<CompensationRow | null>(null);
  const [payout, setPayout] = useState<CompensationRow | null>(null);
  const [ratesOpen, setRatesOpen] = useState(false);
  const months = useMemo(() => monthsFrom(monthIn(new Date(), DEFAULT_TIME_ZONE), -36), []);
  const rates = useAgentRates(admin);
  const status = values.status === 'PENDING' || values.status === 'PAID' ? values.status : undefined;
  const query = useCompensation({
    page,
    pageSize: PAGE_SIZE,
    month: values.month || undefined,
    agentId: admin ? values.agent || undefined : undefined,
    status,
  });
  const rows = query.data?.data;
  const meta = query.data?.meta;
  const filtered = Object.values(values).some(Boolean);
  const columns = compensationColumns(t, { onDetail: setDetail, onPay: admin ? setPayout : null });

  let body: React.ReactNode;
  if (query.error && !rows) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!rows)
    body = (
      <Box sx={{ p: 2 }} aria-busy="true" aria-label={t('common:states.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Box>
    );
  else if (rows.length === 0)
    body = (
      <EmptyState
        title={t(filtered ? 'compensation.empty.filtered' : 'compensation.empty.title')}
        hint={t(admin ? 'compensation.empty.hintAdmin' : 'compensation.empty.hintAgent')}
      />
    );
  else
    body = (
      <>
        {phone ? (
          <CompensationCards columns={columns} rows={rows} totals={meta?.totals} />
        ) : (
          <ReportTable
            columns={columns}
            rows={rows}
            rowKey={(r) => `${r.agentId}:${r.month}`}
            totals={meta?.totals}
            totalsLabel={t('compensation.totals')}
            data-testid="compensation-table"
          />
        )}
        {meta && meta.total > meta.pageSize && (
          <ReportPager total={meta.total} page={meta.page} pageSize={meta.pageSize} onPage={setPage} />
        )}
      </>
    );

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t(admin ? 'compensation.subtitleAdmin' : 'compensation.subtitleAgent')}
        actions={
          admin && (
            <Button
              variant="outlined"
              startIcon={<Percent />}
              onClick={() => setRatesOpen(true)}
              data-testid="rates-open"
            >
              {t('compensation.rates.open')}
            </Button>
          )
        }
      />
      <CompensationFilters
        values={values as CompensationFilterValues}
        months={months.includes(values.month) || !values.month ? months : [...months, values.month]}
        agents={admin ? (rates.data ?? []).map((r) => ({ id: r.agentId, name: r.agentName })) : null}
        onChange={setFilters}
      />
      {query.isFetching && rows !== undefined && <LinearProgress sx={{ mb: 1 }} />}
      <Paper variant="outlined" sx={{ minWidth: 0, overflow: 'hidden' }} data-testid="compensation">
        {body}
      </Paper>
      {detail && <DetailDialog row={detail} onClose={() => setDetail(null)} />}
      {payout && <PayoutDialog row={payout} onClose={() => setPayout(null)} />}
      {ratesOpen && <RatesDialog onClose={() => setRatesOpen(false)} />}
    </>
  );
}
