import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ReportPaymentByStaff, StaffPaymentRow } from '@parking-hub/contracts/reports';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportChart } from '../../components/chart/report-chart';
import { formatKip } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePaymentByStaff } from './api/get-payment-by-staff';
import { measureColumns, measureTotals, type ReportColumn, toSheet } from './components/columns';
import { ReportFrame } from './components/report-frame';
import { ReportSection } from './components/report-section';
import { ReportTable } from './components/report-table';
import { type CountedInputs, countedKey, countedList, parseKip, showKip } from './counted-cash';
import { staffLabels } from './staff-label';
import { useReportParams } from './use-report-params';

const rowKey = (r: StaffPaymentRow) => countedKey(r.shopId, r.staffId ?? '-');

/** The box for the cash a staff member handed in: sent as `counted`, answered with a difference. */
function countedColumn(
  t: TFunction,
  inputs: CountedInputs,
  onInput: (key: string, text: string) => void,
): ReportColumn<StaffPaymentRow> {
  return {
    key: 'counted',
    header: t('columns.counted'),
    kind: 'money',
    value: (r) => r.counted,
    // On paper the amount typed, not an input box.
    render: (r) =>
      r.staffId ? (
        <>
          <TextField
            value={inputs[rowKey(r)] ?? ''}
            onChange={(e) => onInput(rowKey(r), e.target.value)}
            fullWidth={false}
            sx={{ width: 140 }}
            data-screen-only
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                'aria-label': t('staff.countedLabel', { name: r.staffName ?? r.username ?? '' }),
                'data-testid': 'counted-input',
                style: { textAlign: 'right' },
              },
            }}
          />
          <Box component="span" data-print-only sx={{ display: 'none' }}>
            {r.counted === null ? '' : formatKip(r.counted)}
          </Box>
        </>
      ) : null,
  };
}

/**
 * Who; the cash they took (passes sold in cash included), handed in and the difference; the
 * membership passes they sold; then the other measures.
 */
function staffColumns(
  t: TFunction,
  rows: StaffPaymentRow[],
  withShop: boolean,
  counted: ReportColumn<StaffPaymentRow>,
): ReportColumn<StaffPaymentRow>[] {
  const labels = staffLabels(rows, t('noStaff'));
  const label = new Map(rows.map((r, i) => [r, labels[i] ?? '']));
  const cash = measureColumns(t).filter((c) => c.key === 'cashAmount');
  const passes = measureColumns(t).filter((c) => c.key === 'passCount' || c.key === 'passAmount');
  const shop: ReportColumn<StaffPaymentRow>[] = withShop
    ? [{ key: 'shop', header: t('columns.shop'), value: (r) => r.shopName }]
    : [];
  return [
    { key: 'staff', header: t('columns.staff'), value: (r) => label.get(r) ?? '' },
    ...shop,
    ...cash,
    counted,
    {
      key: 'difference',
      header: t('columns.difference'),
      kind: 'money',
      signed: true,
      value: (r) => r.difference,
    },
    ...passes,
    ...measureColumns(t, ['cashAmount', 'passCount', 'passAmount']),
  ];
}

const totalsOf = (data: ReportPaymentByStaff) => ({
  ...measureTotals(data.totals),
  counted: data.totals.counted,
  difference: data.totals.difference,
});

/** /app/report/payment_by_staff: what each staff member took, and what they handed in. */
export default function PaymentByStaffPage() {
  const { t } = useTranslation(['reports', 'common']);
  const params = useReportParams();
  const [inputs, setInputs] = useState<CountedInputs>({});
  const counted = useDebouncedValue(
    useMemo(() => countedList(inputs), [inputs]),
    400,
  );
  const query = usePaymentByStaff({ ...params.body, ...(counted.length ? { counted } : {}) });
  const onInput = (key: string, text: string) =>
    setInputs((prev) => ({ ...prev, [key]: showKip(parseKip(text)) }));
  const columns = staffColumns(t, query.data?.rows ?? [], params.pickShop, countedColumn(t, inputs, onInput));

  return (
    <ReportFrame
      params={params}
      query={query}
      isEmpty={(data) => data.rows.length === 0}
      sheets={(data, heading) => [
        toSheet(t('staff.table'), heading, columns, data.rows, { line: totalsOf(data), label: t('totals') }),
      ]}
      fileName="report-payment-by-staff"
    >
      {(data) => {
        const labels = staffLabels(data.rows, t('noStaff'));
        return (
          <>
            <ReportSection title={t('chart')}>
              <ReportChart
                rows={data.rows.map((r, i) => ({
                  label: labels[i] ?? '',
                  cashAmount: r.cashAmount,
                  qrAmount: r.qrAmount,
                }))}
                series={[
                  { key: 'cashAmount', label: t('measures.cashAmount'), kind: 'bar', money: true },
                  {
                    key: 'qrAmount',
                    label: t('measures.qrAmount'),
                    kind: 'bar',
                    money: true,
                    color: '#0084FF',
                  },
                ]}
              />
            </ReportSection>
            <ReportSection title={t('staff.table')}>
              <Alert severity="info" sx={{ mx: 2, mb: 1, '@media print': { display: 'none' } }}>
                {t('staff.countedHint')}
              </Alert>
              <ReportTable
                columns={columns}
                rows={data.rows}
                rowKey={rowKey}
                totals={totalsOf(data)}
                data-testid="staff-table"
              />
            </ReportSection>
          </>
        );
      }}
    </ReportFrame>
  );
}
