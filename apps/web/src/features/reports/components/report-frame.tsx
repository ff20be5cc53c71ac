import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../app/use-screen-title';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState } from '../../../components/states';
import { isApiError } from '../../../lib/api-error';
import { messageText } from '../../../lib/i18n';
import type { ExportSheet } from '../export/sheet';
import type { ReportParams } from '../use-report-params';
import { ExportButtons } from './export-buttons';
import { ReportPrintHeader } from './report-print';
import { ReportToolbar } from './report-toolbar';
import { useReportHeading } from './use-report-heading';

/** The part of a TanStack query the frame reads. */
interface ReportQuery<T> {
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface ReportFrameProps<T> {
  params: ReportParams;
  query: ReportQuery<T>;
  /** Nothing happened in the period: the empty state instead of zeros. */
  isEmpty: (data: T) => boolean;
  /** The export's sheets, given the heading lines (title, shop, period). */
  sheets: (data: T, heading: string[]) => ExportSheet[] | Promise<ExportSheet[]>;
  /** File name without extension, e.g. 'report-bill-date'; the period is added. */
  fileName: string;
  /** A screen's own fields in the toolbar (e.g. "at least N visits"). */
  tools?: ReactNode;
  children: (data: T) => ReactNode;
}

/** A refused question (e.g. a period over three years) says why, not only "bad input". */
export function reasonOf(error: unknown): unknown {
  const field = isApiError(error) && error.messages ? Object.values(error.messages)[0] : undefined;
  return field ? new Error(messageText(field)) : error;
}

/** A report on its way: the chart's and the table's places held. */
export function ReportLoading() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true" aria-label={t('states.loading')}>
      <Skeleton variant="rounded" height={200} sx={{ mb: 2 }} />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Paper>
  );
}

/**
 * Every report screen: title with export and print, the toolbar (range, shop, by closing),
 * then loading, error, empty or the report itself; on paper a heading replaces the toolbar.
 */
export function ReportFrame<T>({
  params,
  query,
  isEmpty,
  sheets,
  fileName,
  tools,
  children,
}: ReportFrameProps<T>) {
  const { t } = useTranslation('reports');
  const title = useScreenTitle();
  const heading = useReportHeading(title, params);
  const { data } = query;
  const ready = data !== undefined && !isEmpty(data);
  const file = `${fileName}_${params.range.from}_${params.range.to}${params.byClosing ? '_closing' : ''}`;

  let body: ReactNode;
  if (query.error && data === undefined)
    body = <ErrorState error={reasonOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (data === undefined) body = <ReportLoading />;
  else if (!ready)
    body = (
      <Paper variant="outlined">
        <EmptyState title={t('empty.title')} hint={t('empty.hint')} />
      </Paper>
    );
  else body = children(data);

  return (
    <Box sx={{ minWidth: 0 }}>
      <ReportPrintHeader lines={heading} />
      <Box sx={{ '@media print': { display: 'none' } }}>
        <PageHeader
          title={title}
          subtitle={heading.slice(1).join(' · ')}
          actions={<ExportButtons sheets={ready ? () => sheets(data, heading) : null} fileName={file} />}
        />
      </Box>
      <ReportToolbar params={params}>{tools}</ReportToolbar>
      {query.isFetching && data !== undefined && (
        <LinearProgress sx={{ mb: 1 }} data-testid="report-refreshing" />
      )}
      <Box sx={{ opacity: query.isFetching && data !== undefined ? 0.6 : 1 }} data-testid="report-body">
        {body}
      </Box>
    </Box>
  );
}
