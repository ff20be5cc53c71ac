import Box from '@mui/material/Box';
import { SHOP_STATUSES } from '@parking-hub/contracts/shops';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filters/filter-select';
import { SearchField } from '../../../components/filters/search-field';
import type { ShopFilterValues } from '../use-shops-url';
import { AgentPicker } from './agent-picker';

/** Search by name or code, the status and, for admins, the agent. */
export function ShopFilters({
  values,
  onChange,
  showAgent,
  agentName,
}: {
  values: ShopFilterValues;
  onChange: (next: Partial<ShopFilterValues>) => void;
  showAgent: boolean;
  /** The agent of the URL's agentId, as a listed shop names it. */
  agentName: string | null;
}) {
  const { t } = useTranslation('shops');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: showAgent ? 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1.5fr)' : 'minmax(0, 2fr) minmax(0, 1fr)',
        },
        '& > :first-of-type': { gridColumn: { sm: '1 / -1', md: 'auto' } },
        mb: 2,
      }}
    >
      <SearchField value={values.q} onChange={(q) => onChange({ q })} placeholder={t('filters.searchHint')} />
      <FilterSelect
        label={t('fields.status')}
        value={values.status}
        onChange={(status) => onChange({ status })}
        options={SHOP_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        data-testid="filter-status"
      />
      {showAgent && (
        <AgentPicker
          label={t('fields.agent')}
          value={values.agentId}
          onChange={(agentId) => onChange({ agentId })}
          knownName={agentName}
          placeholder={t('filters.anyAgent')}
          filter
          data-testid="filter-agent"
        />
      )}
    </Box>
  );
}
