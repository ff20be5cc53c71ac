import type { CancelledBill, ReportCancel } from '@parking-hub/contracts/reports';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ReportChart } from '../../components/chart/report-chart';
import { formatDateTime } from '../../lib/format';
import { getAllCancelledBills, useCancelReport } from './api/get-cancel-report';
import { type ReportColumn, toSheet } from './components/columns';
import { ReportFrame } from './components/report-frame';
import { ReportPager } from './components/report-pager';
import { ReportSection } from './components/report-section';
import { ReportTable } from './components/report-table';
import { dateCell } from './export/sheet';
import { dayLabel, shortDayLabel } from './report-format';
import { staffLabels } from './staff-label';
import { useReportParams } from './use-report-params';

const PAGE_SIZE = 20;
type StaffRow = ReportCancel['byStaff'][number] & { label: string };
type DateRow = ReportCancel['byDate'][number];

function billColumns(t: TFunction, withShop: boolean): ReportColumn<CancelledBill>[] {
  return [
    {
      key: 'cancelledAt',
      header: t('columns.cancelledAt'),
      value: (b) => dateCell(formatDateTime(b.cancelledAt)),
    },
    // A bill number is a name, not a quantity: no thousands separator.
    { key: 'number', header: t('columns.number'), value: (b) => b.number },
    ...(withShop
      ? [{ key: 'shop', header: t('columns.shop'), value: (b: CancelledBill) => b.shopName }]
      : []),
    {
      key: 'vehicleType',
      header: t('columns.vehicleType'),
      value: (b) => t(`common:vehicles.${b.vehicleType}`),
    },
    { key: 'plate', header: t('columns.plate'), value: (b) => b.plate ?? t('noPlate') },
    { key: 'reason', header: t('columns.reason'), value: (b) => b.cancelReason },
    { key: 'cancelledBy', header: t('columns.cancelledBy'), value: (b) => b.cancelledByName ?? t('noStaff') },
    { key: 'amount', header: t('columns.refunded'), kind: 'money', value: (b) => b.amount },
  ];
}

const countColumns = <T extends { count: number; amount: number }>(t: TFunction): ReportColumn<T>[] => [
  { key: 'count', header: t('columns.count'), kind: 'count', value: (r) => r.count },
  { key: 'amount', header: t('columns.refunded'), kind: 'money', value: (r) => r.amount },
];

/** Staff rows with their labels (two people of the same name told apart by user name). */
function labelled(rows: ReportCancel['byStaff'], none: string): StaffRow[] {
  const labels = staffLabels(rows, none);
  return rows.map((r, i) => ({ ...r, label: labels[i] ?? none }));
}

function staffColumns(t: TFunction): ReportColumn<StaffRow>[] {
  return [{ key: 'staff', header: t('columns.staff'), value: (r) => r.label }, ...countColumns<StaffRow>(t)];
}

function dateColumns(t: TFunction): ReportColumn<DateRow>[] {
  return [
    { key: 'date', header: t('columns.date'), value: (r) => dateCell(dayLabel(r.date)) },
    ...countColumns<DateRow>(t),
  ];
}

/** /app/report/bill_cancel: what was cancelled, by whom, when and why. */
export default function BillCancelPage() {
  const { t } = useTranslation(['reports', 'common']);
  const params = useReportParams();
  const query = useCancelReport({ ...params.body, page: params.page, pageSize: PAGE_SIZE });
  const bills = billColumns(t, params.pickShop);
  const totalsOf = (data: ReportCancel) => ({ line: { ...data.totals }, label: t('totals') });
  // The bill list has no count column: the label says how many.
  const billTotals = (data: ReportCancel) => ({
    line: { amount: data.totals.amount },
    label: t('totalsBills', { count: data.totals.count }),
  });

  return (
    <ReportFrame
      params={params}
      query={{ ...query, data: query.data?.data }}
      isEmpty={(data) => data.totals.count === 0}
      sheets={async (data, heading) => [
        toSheet(t('cancel.bills'), heading, bills, await getAllCancelledBills(params.body), billTotals(data)),
        toSheet(
          t('cancel.byStaff'),
          heading,
          staffColumns(t),
          labelled(data.byStaff, t('noStaff')),
          totalsOf(data),
        ),
        toSheet(t('cancel.byDate'), heading, dateColumns(t), data.byDate, totalsOf(data)),
      ]}
      fileName="report-bill-cancel"
    >
      {(data) => (
        <>
          <ReportSection title={t('chart')}>
            <ReportChart
              rows={data.byDate.map((r) => ({
                label: shortDayLabel(r.date),
                amount: r.amount,
                count: r.count,
              }))}
              series={[
                { key: 'amount', label: t('columns.refunded'), kind: 'bar', money: true },
                { key: 'count', label: t('columns.count'), kind: 'line', color: '#e53935' },
              ]}
            />
          </ReportSection>
          <ReportSection title={t('cancel.byStaff')}>
            <ReportTable
              columns={staffColumns(t)}
              rows={labelled(data.byStaff, t('noStaff'))}
              rowKey={(r) => r.staffId ?? '-'}
              totals={totalsOf(data).line}
              data-testid="cancel-staff-table"
            />
          </ReportSection>
          <ReportSection title={t('cancel.bills')}>
            <ReportTable
              columns={bills}
              rows={data.bills}
              rowKey={(b) => b.id}
              totals={billTotals(data).line}
              totalsLabel={billTotals(data).label}
              data-testid="cancel-bills-table"
            />
            {query.data?.meta && (
              <ReportPager
                total={query.data.meta.total}
                page={query.data.meta.page}
                pageSize={query.data.meta.pageSize}
                onPage={params.setPage}
              />
            )}
          </ReportSection>
        </>
      )}
    </ReportFrame>
  );
}
