import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BILL_STATUSES } from '@parking-hub/contracts/bills';
import { VEHICLE_TYPES } from '@parking-hub/contracts/vehicles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/filters/date-field';
import { FilterSelect } from '../../../components/filters/filter-select';
import { SearchField } from '../../../components/filters/search-field';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import type { DateRange } from '../date-range';
import { DateRangeChips } from './date-range-filter';
import { StaffPicker } from './staff-picker';

export interface BillFilterValues {
  from: string;
  to: string;
  status: string;
  vehicleType: string;
  plate: string;
  staffId: string;
  shopId: string;
}

const columns = (n: number) => `repeat(${n}, minmax(0, 1fr))`;
/** Two fields a row on a phone, four on a tablet, all in one row on a wide screen. */
const gridSx = (wide: number) => ({
  display: 'grid',
  alignItems: 'start',
  gap: 1.5,
  gridTemplateColumns: { xs: columns(2), md: columns(4), xl: columns(wide) },
  '& > .wide': { gridColumn: { xs: '1 / -1', md: 'span 2', xl: 'span 1' } },
});

export function BillFilters({
  values,
  range,
  onChange,
  showShop,
  staffName,
}: {
  values: BillFilterValues;
  /** The dates asked for (today when the URL has none). */
  range: Partial<DateRange>;
  onChange: (next: Partial<BillFilterValues>) => void;
  showShop: boolean;
  staffName: string | null;
}) {
  const { t } = useTranslation(['bills', 'common']);
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const active = [values.status, values.vehicleType, values.plate, values.staffId, values.shopId].filter(
    Boolean,
  ).length;
  const selects = [
    {
      key: 'status',
      testId: 'filter-status',
      options: BILL_STATUSES.map((v) => ({ value: v, label: t(`common:billStatus.${v}`) })),
    },
    {
      key: 'vehicleType',
      testId: 'filter-vehicle',
      options: VEHICLE_TYPES.map((v) => ({ value: v, label: t(`common:vehicles.${v}`) })),
    },
  ] as const;
  // On a phone the fields fold away under one button, so the bills start on the first screen.
  const [open, setOpen] = useState(active > 0);
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <DateRangeChips range={range} onChange={onChange} />
        {phone && (
          <Button
            size="small"
            startIcon={<FilterList />}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            sx={{ flexShrink: 0 }}
            data-testid="filters-toggle"
          >
            {active > 0 ? `${t('filters.more')} (${active})` : t('filters.more')}
          </Button>
        )}
      </Box>
      <Collapse in={!phone || open}>
        <Box sx={gridSx(showShop ? 7 : 6)}>
          <DateField
            label={t('filters.from')}
            value={range.from ?? ''}
            max={range.to}
            onChange={(from) => onChange({ from, to: range.to ?? '' })}
            testId="filter-from"
          />
          <DateField
            label={t('filters.to')}
            value={range.to ?? ''}
            min={range.from}
            onChange={(to) => onChange({ from: range.from ?? '', to })}
            testId="filter-to"
          />
          {selects.map((f) => (
            <FilterSelect
              key={f.key}
              label={t(`filters.${f.key}`)}
              value={values[f.key]}
              onChange={(value) => onChange({ [f.key]: value })}
              options={f.options}
              data-testid={f.testId}
            />
          ))}
          <Box className="wide">
            <SearchField
              value={values.plate}
              onChange={(plate) => onChange({ plate })}
              placeholder={t('filters.platePlaceholder')}
            />
          </Box>
          <Box className="wide">
            <StaffPicker
              value={values.staffId}
              shopId={values.shopId}
              knownName={staffName}
              onChange={(staffId) => onChange({ staffId })}
            />
          </Box>
          {showShop && (
            <Box className="wide">
              <ShopPicker
                label={t('filters.shop')}
                value={values.shopId || null}
                onChange={(shop) => onChange({ shopId: shop?.id ?? '', staffId: '' })}
                data-testid="filter-shop"
              />
            </Box>
          )}
        </Box>
      </Collapse>
    </Box>
  );
}
