import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerPlaceholder } from '../../../components/picker-placeholder';

// The picker's code (Autocomplete, Popper) loads once the first figures are drawn, or when the
// placeholder is touched: the figures come first on a slow link.
const ShopPicker = lazy(() =>
  import('../../../components/shop-picker/shop-picker').then((m) => ({ default: m.ShopPicker })),
);

/** The shop (all of them when none is chosen), for callers with several; and "by closing". */
export function DashboardControls({
  showShop,
  figuresShown,
  shopId,
  shopName,
  onShopChange,
  byClosing,
  onByClosingChange,
}: {
  showShop: boolean;
  /** The first figures (or an error) are on the screen: time to load the picker. */
  figuresShown: boolean;
  shopId: string | null;
  shopName: string | null;
  onShopChange: (shopId: string | null) => void;
  byClosing: boolean;
  onByClosingChange: (value: boolean) => void;
}) {
  const { t } = useTranslation('dashboard');
  const [pickerWanted, setPickerWanted] = useState(false);
  // After the frame that paints the figures (an effect can still run before that paint), once the
  // page is idle: the rest of the dashboard (the cards drawn from deferred values, the chart) and
  // that paint come first on a slow phone. Touching the placeholder loads it at once.
  useEffect(() => {
    if (!figuresShown) return;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const want = () => setPickerWanted(true);
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(want, { timeout: 2000 });
      else timer = setTimeout(want, 200);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [figuresShown]);
  const placeholder = (
    <Box onPointerDown={() => setPickerWanted(true)} onFocus={() => setPickerWanted(true)}>
      <PickerPlaceholder label={t('controls.shop')} placeholder={t('controls.allShops')} value={shopName} />
    </Box>
  );
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        width: { xs: '100%', sm: 'auto' },
      }}
    >
      {showShop && (
        <Box sx={{ width: { xs: '100%', sm: 280 } }}>
          {pickerWanted ? (
            <Suspense fallback={placeholder}>
              <ShopPicker
                label={t('controls.shop')}
                placeholder={t('controls.allShops')}
                shrinkLabel
                value={shopId}
                initialName={shopName}
                onChange={(shop) => onShopChange(shop?.id ?? null)}
                data-testid="dashboard-shop"
              />
            </Suspense>
          ) : (
            placeholder
          )}
        </Box>
      )}
      <FormControlLabel
        control={
          <Switch
            checked={byClosing}
            onChange={(_, checked) => onByClosingChange(checked)}
            slotProps={{ input: { 'data-testid': 'by-closing' } as object }}
          />
        }
        label={t('controls.byClosing')}
        sx={{ mr: 0 }}
      />
    </Box>
  );
}
