import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

/** Pages of a report's list (not printed: paper shows the page on screen). */
export function ReportPager({
  total,
  page,
  pageSize,
  onPage,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= pageSize) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[]}
      onPageChange={(_, p) => onPage(p + 1)}
      labelDisplayedRows={({ from, to, count }) => t('paging.displayed', { from, to, count })}
      getItemAriaLabel={(type) => t(`paging.${type}`)}
      sx={{ '@media print': { display: 'none' } }}
      data-testid="report-pager"
    />
  );
}
