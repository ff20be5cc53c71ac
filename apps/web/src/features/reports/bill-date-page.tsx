import { useReportByDate } from './api/get-report-by-date';
import { periodPage } from './components/period-report';
import { dayLabel, shortDayLabel } from './report-format';

/** /app/report/bill/date: the period day by day. */
export default periodPage(
  useReportByDate,
  {
    label: (r) => dayLabel(r.date),
    chartLabel: (r) => shortDayLabel(r.date),
    key: (r) => r.date,
    column: 'columns.date',
    title: 'period.byDay',
  },
  'report-bill-date',
);
