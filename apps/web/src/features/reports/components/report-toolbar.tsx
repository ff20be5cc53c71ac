import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/filters/date-field';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import { DEFAULT_TIME_ZONE } from '../../../lib/format';
import { presetOf, presetRange, REPORT_PRESETS } from '../report-range';
import type { ReportParams } from '../use-report-params';

/** Two dates side by side on a phone, fixed width on a wider screen. */
const DATE_SX = { width: { xs: 'calc(50% - 6px)', sm: 180 } };

/** The report's question: which days (quick chips or two dates), which shop, and how to count days. */
export function ReportToolbar({
  params,
  children,
  byClosing = true,
}: {
  params: ReportParams;
  children?: ReactNode;
  /** Offer the by-closing switch (a report of business days only, e.g. the members', has none). */
  byClosing?: boolean;
}) {
  const { t } = useTranslation('reports');
  const { range, setRange } = params;
  const active = presetOf(range, new Date(), DEFAULT_TIME_ZONE);
  return (
    <Box sx={{ mb: 2, '@media print': { display: 'none' } }} data-testid="report-toolbar">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1.5 }} role="group">
        {REPORT_PRESETS.map((preset) => (
          <Chip
            key={preset}
            label={t(`toolbar.presets.${preset}`)}
            color={active === preset ? 'primary' : 'default'}
            variant={active === preset ? 'filled' : 'outlined'}
            aria-pressed={active === preset}
            onClick={() => setRange(presetRange(preset, new Date(), DEFAULT_TIME_ZONE))}
            data-testid={`preset-${preset}`}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <DateField
          label={t('toolbar.from')}
          value={range.from}
          max={range.to}
          onChange={(from) => setRange({ from, to: range.to })}
          testId="report-from"
          sx={DATE_SX}
        />
        <DateField
          label={t('toolbar.to')}
          value={range.to}
          min={range.from}
          onChange={(to) => setRange({ from: range.from, to })}
          testId="report-to"
          sx={DATE_SX}
        />
        {params.pickShop && (
          <Box sx={{ width: { xs: '100%', sm: 260 } }}>
            <ShopPicker
              label={t('toolbar.shop')}
              placeholder={t('toolbar.allShops')}
              shrinkLabel
              value={params.shopId ?? null}
              onChange={(shop) => params.setShopId(shop?.id ?? null)}
              data-testid="report-shop"
            />
          </Box>
        )}
        {children}
        {byClosing && (
          <Tooltip title={t('toolbar.byClosingHint')}>
            <FormControlLabel
              sx={{ mr: 0 }}
              control={
                <Switch
                  checked={params.byClosing}
                  onChange={(e) => params.setByClosing(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'by-closing' } as object }}
                />
              }
              label={t('toolbar.byClosing')}
            />
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}
