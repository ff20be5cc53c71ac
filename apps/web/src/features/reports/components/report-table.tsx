import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { Cell } from '../export/sheet';
import { formatCell, type ReportColumn, type TotalsLine, totalsCells } from './columns';

const isShort = (cell: Cell) => typeof cell === 'number' && cell < 0;

/** The first column stays in view while the figures scroll sideways (phones, narrow windows). */
const stickyFirst = {
  '& th:first-of-type, & td:first-of-type': {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    borderRight: 1,
    borderRightColor: 'divider',
  },
} as const;

/**
 * A report table with its totals row. Wide tables scroll inside their own box, so the page
 * never scrolls sideways on a phone; on paper every column is shown.
 */
export function ReportTable<T>({
  columns,
  rows,
  rowKey,
  totals,
  totalsLabel,
  'data-testid': testId,
}: {
  columns: ReportColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  totals?: TotalsLine;
  /** The totals row's label, when "Total" alone does not say enough. */
  totalsLabel?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('reports');
  const align = (c: ReportColumn<T>) => (c.kind === 'money' || c.kind === 'count' ? 'right' : 'left');
  const tone = (c: ReportColumn<T>, cell: Cell) => (c.signed && isShort(cell) ? 'error.main' : undefined);
  return (
    <TableContainer
      sx={{ maxWidth: '100%', overflowX: 'auto', '@media print': { overflow: 'visible' } }}
      data-testid={testId}
    >
      <Table size="small" sx={{ ...stickyFirst, '& td, & th': { whiteSpace: 'nowrap', px: 1 } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={align(c)} sx={{ fontWeight: 600 }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover data-testid="report-row">
              {columns.map((c) => {
                const cell = c.value(row);
                return (
                  <TableCell key={c.key} align={align(c)} sx={{ color: tone(c, cell) }} data-col={c.key}>
                    {c.render ? c.render(row) : formatCell(cell, c.kind)}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
        {totals && (
          <TableFooter>
            <TableRow data-testid="totals-row">
              {totalsCells(columns, totals, totalsLabel ?? t('totals')).map((cell, i) => {
                const c = columns[i] as ReportColumn<T>;
                return (
                  <TableCell
                    key={c.key}
                    align={align(c)}
                    data-col={c.key}
                    sx={{ fontWeight: 700, fontSize: 14, color: tone(c, cell) ?? 'text.primary' }}
                  >
                    {formatCell(cell, c.kind)}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}
