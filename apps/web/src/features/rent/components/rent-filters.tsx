import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { INVOICE_STATUSES } from '@parking-hub/contracts/rent';
import { useTranslation } from 'react-i18next';
import { useAgentOptions } from '../../../components/agent-options';
import { FilterSelect } from '../../../components/filters/filter-select';
import { SearchField } from '../../../components/filters/search-field';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import { formatMonth } from '../../../lib/months';
import { monthChoices } from '../rent-format';

export const RENT_FILTER_KEYS = ['tab', 'month', 'status', 'overdue', 'agentId', 'shopId', 'q'] as const;
export type RentFilterValues = Record<(typeof RENT_FILTER_KEYS)[number], string>;

/** Month, status, overdue, agent (admins), shop (not for a manager: theirs only) and the search. */
export function RentFilters({
  values,
  onChange,
  admin,
  oneShop,
}: {
  values: RentFilterValues;
  onChange: (next: Partial<RentFilterValues>) => void;
  admin: boolean;
  oneShop: boolean;
}) {
  const { t } = useTranslation('rent');
  const agents = useAgentOptions('', admin);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr))',
        },
        alignItems: 'center',
        mb: 2,
      }}
      data-testid="rent-filters"
    >
      <SearchField value={values.q} onChange={(q) => onChange({ q })} placeholder={t('filters.searchHint')} />
      <FilterSelect
        label={t('fields.month')}
        value={values.month}
        onChange={(month) => onChange({ month })}
        emptyLabel={t('filters.allMonths')}
        options={monthChoices(values.month).map((m) => ({ value: m, label: formatMonth(m) }))}
        data-testid="filter-month"
      />
      <FilterSelect
        label={t('fields.status')}
        value={values.status}
        onChange={(status) => onChange({ status })}
        emptyLabel={t('filters.allStatuses')}
        options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        data-testid="filter-status"
      />
      {admin && (
        <FilterSelect
          label={t('fields.agent')}
          value={values.agentId}
          onChange={(agentId) => onChange({ agentId })}
          emptyLabel={t('filters.allAgents')}
          options={(agents.data ?? []).map((a) => ({ value: a.id, label: a.fullName }))}
          data-testid="filter-agent"
        />
      )}
      {!oneShop && (
        <ShopPicker
          label={t('fields.shop')}
          placeholder={t('filters.allShops')}
          shrinkLabel
          value={values.shopId || null}
          onChange={(shop) => onChange({ shopId: shop?.id ?? '' })}
          data-testid="filter-shop"
        />
      )}
      <FormControlLabel
        control={
          <Switch
            checked={values.overdue === '1'}
            onChange={(e) => onChange({ overdue: e.target.checked ? '1' : '' })}
            slotProps={{ input: { 'data-testid': 'filter-overdue' } as object }}
          />
        }
        label={t('filters.overdueOnly')}
      />
    </Box>
  );
}
