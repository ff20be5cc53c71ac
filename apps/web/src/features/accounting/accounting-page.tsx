import Settings from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import type { FinanceReport } from '@parking-hub/contracts/finance';
import { monthIn } from '@parking-hub/contracts/packages';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { ReportChart } from '../../components/chart/report-chart';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState } from '../../components/states';
import { DEFAULT_TIME_ZONE } from '../../lib/format';
import { formatMonth, monthsFrom } from '../../lib/months';
import { useSearchFilters } from '../../lib/use-search-filters';
import { useAgentRates } from '../compensation/api/save-compensation';
import { toSheet } from '../reports/components/columns';
import { ExportButtons } from '../reports/components/export-buttons';
import { ReportLoading, reasonOf } from '../reports/components/report-frame';
import { ReportPrintHeader } from '../reports/components/report-print';
import { ReportSection } from '../reports/components/report-section';
import { ReportTable } from '../reports/components/report-table';
import type { ExportSheet } from '../reports/export/sheet';
import { accountingRange } from './accounting-range';
import { useFinanceReport } from './api/get-finance-report';
import { AccountingToolbar } from './components/accounting-toolbar';
import { FinanceCards } from './components/finance-cards';
import { agentColumns, figureTotals, monthColumns } from './components/finance-columns';
import { FinanceSettingsDialog } from './components/settings-dialog';

const KEYS = ['from', 'to', 'agent'] as const;

const isQuiet = (r: FinanceReport) =>
  r.totals.invoices === 0 && r.totals.paid === 0 && r.totals.topUps === 0 && r.totals.commissions === 0;

function sheets(t: TFunction, report: FinanceReport, heading: string[]): ExportSheet[] {
  const totals = { line: figureTotals(report.totals), label: t('accounting.totals') };
  return [
    toSheet(t('accounting.byMonth'), heading, monthColumns(t), report.months, totals),
    toSheet(t('accounting.byAgent'), heading, agentColumns(t), report.agents, totals),
  ];
}

function Report({ report }: { report: FinanceReport }) {
  const { t } = useTranslation(['finance', 'reports']);
  const totals = figureTotals(report.totals);
  return (
    <>
      <FinanceCards report={report} />
      <ReportSection title={t('accounting.chart')} testId="accounting-chart">
        <Box sx={{ px: 1, pb: 1 }}>
          <ReportChart
            title={t('accounting.chart')}
            rows={report.months.map((m) => ({
              label: formatMonth(m.month),
              invoiced: m.invoiced,
              paid: m.paid,
              outstanding: m.outstanding,
            }))}
            series={[
              { key: 'invoiced', label: t('accounting.figures.invoiced'), kind: 'bar', money: true },
              {
                key: 'paid',
                label: t('accounting.figures.paid'),
                kind: 'bar',
                money: true,
                color: '#0084FF',
              },
              {
                key: 'outstanding',
                label: t('accounting.figures.outstanding'),
                kind: 'line',
                money: true,
                color: '#e53935',
              },
            ]}
          />
        </Box>
      </ReportSection>
      <ReportSection title={t('accounting.byMonth')}>
        <ReportTable
          columns={monthColumns(t)}
          rows={report.months}
          rowKey={(r) => r.month}
          totals={totals}
          totalsLabel={t('accounting.totals')}
          data-testid="month-table"
        />
      </ReportSection>
      <ReportSection title={t('accounting.byAgent')}>
        {report.agents.length === 0 ? (
          <EmptyState title={t('accounting.empty.agents')} />
        ) : (
          <ReportTable
            columns={agentColumns(t)}
            rows={report.agents}
            rowKey={(r) => r.agentId ?? 'none'}
            totals={totals}
            totalsLabel={t('accounting.totals')}
            data-testid="agent-table"
          />
        )}
      </ReportSection>
    </>
  );
}

/**
 * /app/accounting (admins): the platform's money per month and per agent over a range of months
 * (the last 12 unless the URL says otherwise): cards, a chart, two tables with totals, CSV, Excel
 * and A4 print; the finance settings (due day, default commission).
 */
export default function AccountingPage() {
  const { t } = useTranslation(['finance', 'reports', 'common']);
  const title = useScreenTitle();
  const { values, setFilters } = useSearchFilters(KEYS);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const thisMonth = useMemo(() => monthIn(new Date(), DEFAULT_TIME_ZONE), []);
  const months = useMemo(() => monthsFrom(thisMonth, -36), [thisMonth]);
  const range = accountingRange(values.from, values.to, thisMonth);
  const agentId = values.agent || undefined;
  const query = useFinanceReport({ ...range, ...(agentId ? { agentId } : {}) });
  const rates = useAgentRates();
  const agents = (rates.data ?? []).map((r) => ({ id: r.agentId, name: r.agentName }));
  const agentName = agents.find((a) => a.id === agentId)?.name;
  const heading = [
    title,
    agentId ? t('accounting.heading.agent', { name: agentName ?? '…' }) : t('accounting.allAgents'),
    t('accounting.heading.period', { from: formatMonth(range.from), to: formatMonth(range.to) }),
  ];
  const data = query.data;
  const ready = data !== undefined && !isQuiet(data);

  let body: ReactNode;
  if (query.error && !data)
    body = <ErrorState error={reasonOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!data) body = <ReportLoading />;
  else if (!ready)
    body = (
      <Paper variant="outlined">
        <EmptyState title={t('accounting.empty.title')} hint={t('accounting.empty.hint')} />
      </Paper>
    );
  else body = <Report report={data} />;

  return (
    <Box sx={{ minWidth: 0 }}>
      <ReportPrintHeader lines={heading} />
      <Box sx={{ '@media print': { display: 'none' } }}>
        <PageHeader
          title={title}
          subtitle={heading.slice(1).join(' · ')}
          actions={
            <>
              <ExportButtons
                sheets={ready ? () => sheets(t, data, heading) : null}
                fileName={`accounting_${range.from}_${range.to}`}
              />
              <Button
                variant="outlined"
                startIcon={<Settings />}
                onClick={() => setSettingsOpen(true)}
                data-testid="finance-settings-open"
              >
                {t('accounting.settings.open')}
              </Button>
            </>
          }
        />
      </Box>
      <AccountingToolbar
        from={range.from}
        to={range.to}
        agent={values.agent}
        months={months}
        agents={agents}
        onChange={(next) => setFilters(next)}
      />
      {query.isFetching && data !== undefined && <LinearProgress sx={{ mb: 1 }} />}
      <Box sx={{ opacity: query.isFetching && data !== undefined ? 0.6 : 1 }} data-testid="accounting-body">
        {body}
      </Box>
      {settingsOpen && <FinanceSettingsDialog onClose={() => setSettingsOpen(false)} />}
    </Box>
  );
}
