import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';

/**
 * A tab's filters in one panel: the shop (for users with more than one) first, then the rest;
 * one column on a phone, two on a tablet, `columns` on a desktop.
 */
export function FilterPanel({
  shopId,
  onShop,
  pickShop,
  columns,
  testId,
  children,
}: {
  shopId: string;
  onShop: (id: string) => void;
  pickShop: boolean;
  columns: number;
  /** The shop picker's test id. */
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(['members', 'common']);
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        mb: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: '1fr 1fr',
          md: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {pickShop && (
        <ShopPicker
          label={t('fields.shop')}
          value={shopId || null}
          onChange={(shop) => onShop(shop?.id ?? '')}
          placeholder={t('common:actions.all')}
          shrinkLabel
          data-testid={testId}
        />
      )}
      {children}
    </Paper>
  );
}
