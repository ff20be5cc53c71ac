import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filters/filter-select';
import { formatMonth } from '../../../lib/months';

/** Months from and to, and one agent or all of them; hidden on paper (the heading says it). */
export function AccountingToolbar({
  from,
  to,
  agent,
  months,
  agents,
  onChange,
}: {
  from: string;
  to: string;
  agent: string;
  months: string[];
  agents: { id: string; name: string }[];
  onChange: (next: { from?: string; to?: string; agent?: string }) => void;
}) {
  const { t } = useTranslation('finance');
  const options = (list: string[]) => list.map((m) => ({ value: m, label: formatMonth(m) }));
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 200px))' },
        '& > :last-child': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
        '@media print': { display: 'none' },
      }}
      data-testid="accounting-toolbar"
    >
      <FilterSelect
        label={t('accounting.from')}
        value={from}
        onChange={(v) => onChange({ from: v })}
        options={options(months.filter((m) => m <= to))}
        emptyLabel={t('accounting.defaultRange')}
        data-testid="accounting-from"
      />
      <FilterSelect
        label={t('accounting.to')}
        value={to}
        onChange={(v) => onChange({ to: v })}
        options={options(months.filter((m) => m >= from))}
        emptyLabel={t('accounting.defaultRange')}
        data-testid="accounting-to"
      />
      <FilterSelect
        label={t('accounting.columns.agent')}
        value={agent}
        onChange={(v) => onChange({ agent: v })}
        options={agents.map((a) => ({ value: a.id, label: a.name }))}
        emptyLabel={t('accounting.allAgents')}
        data-testid="accounting-agent"
      />
    </Box>
  );
}
