import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompensationRow } from '@parking-hub/contracts/finance';
import { useTranslation } from 'react-i18next';
import { formatCell, type ReportColumn, type TotalsLine } from '../../reports/components/columns';

/**
 * A phone's compensation: one card per agent and month (the same columns as the table, the agent
 * and month as the title, the buttons at the foot) and the totals as a last card.
 */
export function CompensationCards({
  columns,
  rows,
  totals,
}: {
  columns: ReportColumn<CompensationRow>[];
  rows: CompensationRow[];
  totals?: TotalsLine;
}) {
  const { t } = useTranslation('finance');
  const [title, ...rest] = columns;
  const actions = rest.find((c) => c.key === 'actions');
  const lines = rest.filter((c) => c !== actions);
  const line = (label: string, value: React.ReactNode, key: string) => (
    <Box key={key} sx={{ display: 'flex', gap: 1, py: 0.25, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: '0 0 45%' }}>
        {label}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0, fontSize: 14, overflowWrap: 'anywhere' }}>{value}</Box>
    </Box>
  );
  return (
    <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} data-testid="compensation-cards">
      {rows.map((r) => (
        <Box key={`${r.agentId}:${r.month}`} sx={{ p: 2 }} data-testid="report-row">
          <Box sx={{ fontWeight: 600, mb: 1 }}>{title?.render?.(r)}</Box>
          {lines.map((c) => line(c.header, c.render ? c.render(r) : formatCell(c.value(r), c.kind), c.key))}
          {actions?.render && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>{actions.render(r)}</Box>
          )}
        </Box>
      ))}
      {totals && (
        <Box sx={{ p: 2, bgcolor: 'action.hover' }} data-testid="totals-row">
          <Typography sx={{ fontWeight: 700, mb: 1 }}>{t('compensation.totals')}</Typography>
          {lines
            .filter((c) => c.key in totals)
            .map((c) => line(c.header, <b>{formatCell(totals[c.key] ?? null, c.kind)}</b>, c.key))}
        </Box>
      )}
    </Stack>
  );
}
