import Box from '@mui/material/Box';
import { SESSION_STATUSES } from '@parking-hub/contracts/access-tokens';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filters/filter-select';
import { SearchField } from '../../../components/filters/search-field';

export interface AccessTokenFilterValues {
  q: string;
  status: string;
}

export function AccessTokenFilters({
  values,
  onChange,
}: {
  values: AccessTokenFilterValues;
  onChange: (next: Partial<AccessTokenFilterValues>) => void;
}) {
  const { t } = useTranslation('access-tokens');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr)', md: 'minmax(0, 440px) 240px' },
        mb: 2,
      }}
    >
      <SearchField value={values.q} onChange={(q) => onChange({ q })} placeholder={t('filters.searchHint')} />
      <FilterSelect
        label={t('fields.status')}
        value={values.status}
        onChange={(status) => onChange({ status })}
        options={SESSION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        data-testid="filter-status"
      />
    </Box>
  );
}
