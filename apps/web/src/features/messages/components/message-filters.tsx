import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CHANNELS, MESSAGE_STATUSES } from '@parking-hub/contracts/messaging';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/filters/date-field';
import { FilterSelect } from '../../../components/filters/filter-select';
import { SearchField } from '../../../components/filters/search-field';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import type { MessageFilterValues } from '../use-messages-url';

const cols = (n: number) => `repeat(${n}, minmax(0, 1fr))`;

/**
 * Status, channel, shop, dates and the recipient. On a phone everything but the search folds
 * under one button, so the messages start on the first screen.
 */
export function MessageFilters({
  values,
  onChange,
  shopName,
}: {
  values: MessageFilterValues;
  onChange: (next: Partial<MessageFilterValues>) => void;
  /** The name of the URL's shop, as a listed message names it. */
  shopName: string | null;
}) {
  const { t } = useTranslation('messages');
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const folded = [values.status, values.channel, values.shopId, values.from, values.to].filter(
    Boolean,
  ).length;
  const [open, setOpen] = useState(folded > 0);
  const search = (
    <SearchField value={values.q} onChange={(q) => onChange({ q })} placeholder={t('filters.searchHint')} />
  );
  return (
    <Box sx={{ mb: 2 }}>
      {phone && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: open ? 1.5 : 0 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>{search}</Box>
          <Button
            startIcon={<FilterList />}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            sx={{ flexShrink: 0, minHeight: 40 }}
            data-testid="filters-toggle"
          >
            {folded > 0 ? `${t('filters.more')} (${folded})` : t('filters.more')}
          </Button>
        </Box>
      )}
      <Collapse in={!phone || open}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            alignItems: 'start',
            gridTemplateColumns: {
              xs: cols(2),
              md: cols(4),
              lg: 'repeat(2, minmax(0, 1fr)) minmax(0, 1.6fr) repeat(2, minmax(0, 1fr)) minmax(0, 1.6fr)',
            },
            '& > .wide': { gridColumn: { xs: '1 / -1', md: 'span 2', lg: 'span 1' } },
          }}
        >
          <FilterSelect
            label={t('fields.status')}
            value={values.status}
            onChange={(status) => onChange({ status })}
            options={MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            data-testid="filter-status"
          />
          <FilterSelect
            label={t('fields.channel')}
            value={values.channel}
            onChange={(channel) => onChange({ channel })}
            options={CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))}
            data-testid="filter-channel"
          />
          <Box className="wide">
            <ShopPicker
              label={t('fields.shop')}
              value={values.shopId || null}
              initialName={shopName}
              onChange={(shop) => onChange({ shopId: shop?.id ?? '' })}
              placeholder={t('filters.allShops')}
              shrinkLabel
              data-testid="filter-shop"
            />
          </Box>
          <DateField
            label={t('filters.from')}
            value={values.from}
            max={values.to || undefined}
            onChange={(from) => onChange({ from })}
            testId="filter-from"
          />
          <DateField
            label={t('filters.to')}
            value={values.to}
            min={values.from || undefined}
            onChange={(to) => onChange({ to })}
            testId="filter-to"
          />
          {!phone && <Box className="wide">{search}</Box>}
        </Box>
      </Collapse>
    </Box>
  );
}
