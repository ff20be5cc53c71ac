import TextField from '@mui/material/TextField';
import type { RegularCustomer } from '@parking-hub/contracts/reports';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportChart } from '../../components/chart/report-chart';
import { formatDateTime } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { getCustomersReport, useCustomersReport } from './api/get-customers-report';
import { type ReportColumn, toSheet } from './components/columns';
import { ReportFrame } from './components/report-frame';
import { ReportPager } from './components/report-pager';
import { ReportSection } from './components/report-section';
import { ReportTable } from './components/report-table';
import { dateCell } from './export/sheet';
import { useReportParams } from './use-report-params';

const EXTRA_KEYS = ['minVisits'] as const;
const DEFAULT_MIN_VISITS = 3;
/** The server lists at most this many plates; the export asks for all of them. */
const EXPORT_LIMIT = 1000;
const CHART_TOP = 10;
/** The plates are all on hand: the table shows them a page at a time. */
const PAGE_SIZE = 50;

/** The URL's minimum: a whole number from 2 (one visit is not "regular") to 1000. */
export function minVisitsOf(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? Math.min(1000, Math.max(2, n)) : DEFAULT_MIN_VISITS;
}

/** The plate, then its visits and money (in view on a phone), then the rest. */
function customerColumns(t: TFunction, withShop: boolean): ReportColumn<RegularCustomer>[] {
  const shop: ReportColumn<RegularCustomer>[] = withShop
    ? [{ key: 'shop', header: t('columns.shop'), value: (r) => r.shopName }]
    : [];
  return [
    { key: 'plate', header: t('columns.plate'), value: (r) => r.plate },
    { key: 'visits', header: t('columns.visits'), kind: 'count', value: (r) => r.visits },
    { key: 'amount', header: t('measures.amount'), kind: 'money', value: (r) => r.amount },
    {
      key: 'vehicleType',
      header: t('columns.vehicleType'),
      value: (r) => t(`common:vehicles.${r.vehicleType}`),
    },
    ...shop,
    { key: 'firstAt', header: t('columns.firstAt'), value: (r) => dateCell(formatDateTime(r.firstAt)) },
    { key: 'lastAt', header: t('columns.lastAt'), value: (r) => dateCell(formatDateTime(r.lastAt)) },
  ];
}

/** "At least N visits": typed freely, applied (to the URL) once typing pauses. */
function MinVisitsField({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const { t } = useTranslation('reports');
  const [text, setText] = useState(String(value));
  const settled = useDebouncedValue(text, 400);
  useEffect(() => {
    if (settled && minVisitsOf(settled) !== value) onChange(minVisitsOf(settled));
  }, [settled, value, onChange]);
  return (
    <TextField
      type="number"
      label={t('customers.minVisits')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => setText(String(minVisitsOf(text)))}
      fullWidth={false}
      sx={{ width: { xs: 'calc(50% - 6px)', sm: 160 } }}
      slotProps={{ htmlInput: { min: 2, max: 1000, 'data-testid': 'min-visits' } }}
    />
  );
}

/** /app/report/customers: plates that came back at least N times in the period. */
export default function CustomersPage() {
  const { t } = useTranslation(['reports', 'common']);
  const params = useReportParams(EXTRA_KEYS);
  const minVisits = minVisitsOf(params.values.minVisits);
  const page = params.page;
  const query = useCustomersReport({ ...params.body, minVisits, limit: 200 });
  const columns = customerColumns(t, params.pickShop);
  const setMinVisits = (n: number) =>
    params.setFilters({ minVisits: n === DEFAULT_MIN_VISITS ? '' : String(n) });

  return (
    <ReportFrame
      params={params}
      query={query}
      isEmpty={(data) => data.totalPlates === 0}
      tools={<MinVisitsField value={minVisits} onChange={setMinVisits} />}
      sheets={async (data, heading) => {
        const all = await getCustomersReport({ ...params.body, minVisits, limit: EXPORT_LIMIT });
        return [
          toSheet(t('customers.table'), heading, columns, all.rows, {
            line: { visits: data.totalVisits, amount: data.totalAmount },
            label: t('customers.plates', { count: data.totalPlates }),
          }),
        ];
      }}
      fileName="report-customers"
    >
      {(data) => (
        <>
          <ReportSection title={t('customers.top')}>
            <ReportChart
              rows={data.rows.slice(0, CHART_TOP).map((r) => ({ label: r.plate, visits: r.visits }))}
              series={[{ key: 'visits', label: t('columns.visits'), kind: 'bar' }]}
            />
          </ReportSection>
          <ReportSection
            title={
              data.rows.length < data.totalPlates
                ? `${t('customers.table')} · ${t('customers.shown', { shown: data.rows.length, total: data.totalPlates })}`
                : t('customers.table')
            }
          >
            <ReportTable
              columns={columns}
              rows={data.rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
              rowKey={(r) => `${r.shopId}|${r.plateKey}`}
              totals={{ visits: data.totalVisits, amount: data.totalAmount }}
              totalsLabel={t('customers.plates', { count: data.totalPlates })}
              data-testid="customers-table"
            />
            <ReportPager total={data.rows.length} page={page} pageSize={PAGE_SIZE} onPage={params.setPage} />
          </ReportSection>
        </>
      )}
    </ReportFrame>
  );
}
