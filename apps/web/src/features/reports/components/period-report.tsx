import type { ReportByDate, ReportMeasures, ReportRangeBody } from '@parking-hub/contracts/reports';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ReportChart } from '../../../components/chart/report-chart';
import { dateCell, type ExportSheet } from '../export/sheet';
import { useReportParams } from '../use-report-params';
import { measureColumns, measureTotals, type ReportColumn, toSheet } from './columns';
import { ReportFrame } from './report-frame';
import { ReportSection } from './report-section';
import { ReportTable } from './report-table';

type VehicleRow = ReportByDate['byVehicle'][number];

/** A report of periods (days or months): rows of measures under a label, by vehicle, totals. */
export interface PeriodReportData<R extends ReportMeasures> {
  rows: R[];
  byVehicle: VehicleRow[];
  totals: ReportMeasures;
}

export interface PeriodShape<R> {
  /** The row's period in the table and export ('01/05/2026', '05/2026'; a date in Excel). */
  label: (row: R) => string;
  chartLabel: (row: R) => string;
  key: (row: R) => string;
  /** i18n keys of the period column and of the table's title. */
  column: string;
  title: string;
}

export const isQuietPeriod = (data: { totals: ReportMeasures }) =>
  data.totals.billsIn === 0 &&
  data.totals.billsOut === 0 &&
  data.totals.cancelled === 0 &&
  data.totals.passCount === 0;

function columnsOf<R extends ReportMeasures>(t: TFunction, shape: PeriodShape<R>) {
  const period: ReportColumn<R> = {
    key: 'period',
    header: t(`reports:${shape.column}`),
    value: (row) => dateCell(shape.label(row)),
  };
  const vehicle: ReportColumn<VehicleRow> = {
    key: 'vehicleType',
    header: t('reports:columns.vehicleType'),
    value: (row) => t(`common:vehicles.${row.vehicleType}`),
  };
  return { rows: [period, ...measureColumns(t)], vehicles: [vehicle, ...measureColumns(t)] };
}

/** The export: one sheet by period, one by vehicle, both with the totals. */
export function periodSheets<R extends ReportMeasures>(
  t: TFunction,
  shape: PeriodShape<R>,
  data: PeriodReportData<R>,
  heading: string[],
): ExportSheet[] {
  const cols = columnsOf(t, shape);
  const totals = { line: measureTotals(data.totals), label: t('reports:totals') };
  return [
    toSheet(t(`reports:${shape.title}`), heading, cols.rows, data.rows, totals),
    toSheet(t('reports:period.byVehicle'), heading, cols.vehicles, data.byVehicle, totals),
  ];
}

export function PeriodReport<R extends ReportMeasures>({
  data,
  shape,
}: {
  data: PeriodReportData<R>;
  shape: PeriodShape<R>;
}) {
  const { t } = useTranslation(['reports', 'common']);
  const cols = columnsOf(t, shape);
  const totals = measureTotals(data.totals);
  const chartRows = data.rows.map((r) => ({
    label: shape.chartLabel(r),
    cashAmount: r.cashAmount,
    qrAmount: r.qrAmount,
    billsIn: r.billsIn,
  }));
  return (
    <>
      <ReportSection title={t('chart')}>
        <ReportChart
          rows={chartRows}
          series={[
            { key: 'cashAmount', label: t('measures.cashAmount'), kind: 'bar', money: true },
            { key: 'qrAmount', label: t('measures.qrAmount'), kind: 'bar', money: true, color: '#0084FF' },
            { key: 'billsIn', label: t('measures.billsIn'), kind: 'line', color: '#f59e0b' },
          ]}
        />
      </ReportSection>
      <ReportSection title={t(shape.title)}>
        <ReportTable
          columns={cols.rows}
          rows={data.rows}
          rowKey={shape.key}
          totals={totals}
          data-testid="period-table"
        />
      </ReportSection>
      <ReportSection title={t('period.byVehicle')}>
        <ReportTable
          columns={cols.vehicles}
          rows={data.byVehicle}
          rowKey={(r) => r.vehicleType}
          totals={totals}
          data-testid="vehicle-table"
        />
      </ReportSection>
    </>
  );
}

/** A period screen (day by day, month by month): the frame around PeriodReport, fed by `useReport`. */
export function periodPage<R extends ReportMeasures>(
  useReport: (body: ReportRangeBody) => UseQueryResult<PeriodReportData<R>>,
  shape: PeriodShape<R>,
  fileName: string,
) {
  return function PeriodPage() {
    const { t } = useTranslation(['reports', 'common']);
    const params = useReportParams();
    const query = useReport(params.body);
    return (
      <ReportFrame
        params={params}
        query={query}
        isEmpty={isQuietPeriod}
        sheets={(data, heading) => periodSheets(t, shape, data, heading)}
        fileName={fileName}
      >
        {(data) => <PeriodReport data={data} shape={shape} />}
      </ReportFrame>
    );
  };
}
