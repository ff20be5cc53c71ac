import Box from '@mui/material/Box';
import { COMMISSION_STATUSES } from '@parking-hub/contracts/finance';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filters/filter-select';
import { formatMonth } from '../../../lib/months';

export type CompensationFilterValues = { month: string; agent: string; status: string };

/** Month, agent (admins) and status, each an "all" choice when empty. */
export function CompensationFilters({
  values,
  months,
  agents,
  onChange,
}: {
  values: CompensationFilterValues;
  months: string[];
  /** Admins' agent choices; null for an agent (their own rows only). */
  agents: { id: string; name: string }[] | null;
  onChange: (next: Partial<CompensationFilterValues>) => void;
}) {
  const { t } = useTranslation('finance');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 220px))' },
      }}
    >
      <FilterSelect
        label={t('compensation.columns.month')}
        value={values.month}
        onChange={(month) => onChange({ month })}
        options={months.map((m) => ({ value: m, label: formatMonth(m) }))}
        data-testid="filter-month"
      />
      {agents && (
        <FilterSelect
          label={t('compensation.columns.agent')}
          value={values.agent}
          onChange={(agent) => onChange({ agent })}
          options={agents.map((a) => ({ value: a.id, label: a.name }))}
          data-testid="filter-agent"
        />
      )}
      <FilterSelect
        label={t('compensation.columns.status')}
        value={values.status}
        onChange={(status) => onChange({ status })}
        options={COMMISSION_STATUSES.map((s) => ({ value: s, label: t(`compensation.status.${s}`) }))}
        data-testid="filter-status"
      />
    </Box>
  );
}
