import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';

/** The shop (all of them when none is chosen), for callers with several; and "by closing". */
export function DashboardControls({
  showShop,
  shopId,
  shopName,
  onShopChange,
  byClosing,
  onByClosingChange,
}: {
  showShop: boolean;
  shopId: string | null;
  shopName: string | null;
  onShopChange: (shopId: string | null) => void;
  byClosing: boolean;
  onByClosingChange: (value: boolean) => void;
}) {
  const { t } = useTranslation('dashboard');
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
          <ShopPicker
            label={t('controls.shop')}
            placeholder={t('controls.allShops')}
            shrinkLabel
            value={shopId}
            initialName={shopName}
            onChange={(shop) => onShopChange(shop?.id ?? null)}
            data-testid="dashboard-shop"
          />
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
