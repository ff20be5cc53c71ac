import { useReportByMonth } from './api/get-report-by-month';
import { periodPage } from './components/period-report';
import { monthLabel } from './report-format';

/** /app/report/bill/month: the period month by month. */
export default periodPage(
  useReportByMonth,
  {
    label: (r) => monthLabel(r.month),
    chartLabel: (r) => monthLabel(r.month),
    key: (r) => r.month,
    column: 'columns.month',
    title: 'period.byMonth',
  },
  'report-bill-month',
);
