import Box from '@mui/material/Box';
import { ROLES } from '@parking-hub/contracts/roles';
import { USER_STATUSES } from '@parking-hub/contracts/users';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filters/filter-select';
import { SearchField } from '../../../components/filters/search-field';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';

export interface UserFilterValues {
  q: string;
  role: string;
  status: string;
  shopId: string;
}

export function UserFilters({
  values,
  onChange,
  showShop,
}: {
  values: UserFilterValues;
  onChange: (next: Partial<UserFilterValues>) => void;
  showShop: boolean;
}) {
  const { t } = useTranslation('users');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: showShop
            ? 'minmax(0, 2fr) repeat(2, minmax(0, 1fr)) minmax(0, 1.5fr)'
            : 'minmax(0, 2fr) repeat(2, minmax(0, 1fr))',
        },
        '& > :first-of-type, & > :nth-of-type(4)': { gridColumn: { xs: '1 / -1', md: 'auto' } },
        mb: 2,
      }}
    >
      <SearchField value={values.q} onChange={(q) => onChange({ q })} placeholder={t('filters.searchHint')} />
      <FilterSelect
        label={t('fields.role')}
        value={values.role}
        onChange={(role) => onChange({ role })}
        options={ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
        data-testid="filter-role"
      />
      <FilterSelect
        label={t('fields.status')}
        value={values.status}
        onChange={(status) => onChange({ status })}
        emptyLabel={t('filters.notDeleted')}
        options={USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        data-testid="filter-status"
      />
      {showShop && (
        <ShopPicker
          label={t('fields.shop')}
          value={values.shopId || null}
          onChange={(shop) => onChange({ shopId: shop?.id ?? '' })}
          data-testid="filter-shop"
        />
      )}
    </Box>
  );
}
