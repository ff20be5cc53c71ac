import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { PageMeta } from '@parking-hub/contracts/envelope';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from './states';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Shown as the card's title on a phone instead of as a labelled line. */
  primary?: boolean;
  /** Row actions: on a phone they sit at the bottom of the card without a label. */
  actions?: boolean;
  width?: number | string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  empty: { title: string; hint?: string };
  /** totalCapped: the server stopped counting at `total` ("1,000+"). */
  meta?: PageMeta & { totalCapped?: boolean };
  onPageChange?: (page: number) => void;
  /** A click on a row (a card on a phone) away from its buttons, links and inputs, e.g. to open it. */
  onRowClick?: (row: T) => void;
  'data-testid'?: string;
}

const INTERACTIVE = 'button, a, input, textarea, select, label, [role="button"], [role="checkbox"]';

/** The row's click handler, or none. Clicks in a portal (a row's dialog) and on controls are theirs. */
function rowClickHandler<T>(row: T, onRowClick: ((row: T) => void) | undefined) {
  if (!onRowClick) return undefined;
  return (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (!event.currentTarget.contains(target)) return;
    const control = target.closest(INTERACTIVE);
    if (control && event.currentTarget.contains(control)) return;
    // Selecting a name to copy it is not a click on the row.
    if (window.getSelection()?.toString()) return;
    onRowClick(row);
  };
}

function Cards<T>({
  columns,
  rows,
  rowKey,
  onRowClick,
}: Pick<DataTableProps<T>, 'columns' | 'rowKey' | 'onRowClick'> & { rows: T[] }) {
  const primary = columns.find((c) => c.primary);
  const actions = columns.find((c) => c.actions);
  const rest = columns.filter((c) => c !== primary && c !== actions);
  return (
    <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
      {rows.map((row) => (
        <Box
          key={rowKey(row)}
          sx={{ p: 2, cursor: onRowClick ? 'pointer' : undefined }}
          onClick={rowClickHandler(row, onRowClick)}
          data-testid="data-row"
        >
          {primary && <Box sx={{ fontWeight: 600, mb: 1 }}>{primary.render(row)}</Box>}
          {rest.map((c) => (
            <Box key={c.key} sx={{ display: 'flex', gap: 1, py: 0.25, minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary" sx={{ flex: '0 0 40%' }}>
                {c.header}
              </Typography>
              <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontSize: 14 }}>{c.render(row)}</Box>
            </Box>
          ))}
          {actions && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>{actions.render(row)}</Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/**
 * A server-paged list: a table on a desktop, cards on a phone (nothing overflows at 375 px),
 * with deliberate loading, error and empty states.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const { columns, rows, meta } = props;

  let body: ReactNode;
  if (props.error && !rows) body = <ErrorState error={props.error} onRetry={props.onRetry} />;
  else if (props.loading && !rows)
    body = (
      <Box sx={{ p: 2 }} aria-busy="true" aria-label={t('states.loading')}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Box>
    );
  else if (!rows || rows.length === 0)
    body = <EmptyState title={props.empty.title} hint={props.empty.hint} />;
  else if (phone)
    body = <Cards columns={columns} rows={rows} rowKey={props.rowKey} onRowClick={props.onRowClick} />;
  else
    body = (
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.align}
                  sx={{ fontWeight: 600, width: c.width, whiteSpace: 'nowrap' }}
                >
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: props.loading ? 0.6 : 1 }}>
            {rows.map((row) => (
              <TableRow
                key={props.rowKey(row)}
                hover
                onClick={rowClickHandler(row, props.onRowClick)}
                sx={props.onRowClick ? { cursor: 'pointer' } : undefined}
                data-testid="data-row"
              >
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Paper variant="outlined" data-testid={props['data-testid']}>
      {body}
      {meta && meta.total > 0 && props.onPageChange && (
        <TablePagination
          component="div"
          count={meta.total}
          page={meta.page - 1}
          rowsPerPage={meta.pageSize}
          rowsPerPageOptions={[]}
          onPageChange={(_, page) => props.onPageChange?.(page + 1)}
          labelDisplayedRows={({ from, to, count }) =>
            t('paging.displayed', {
              from,
              to,
              count: meta.totalCapped ? `${count.toLocaleString('en-US')}+` : count,
            })
          }
          getItemAriaLabel={(type) => t(`paging.${type}`)}
        />
      )}
    </Paper>
  );
}
