import Chip from '@mui/material/Chip';
import type { ShopStatus } from '@parking-hub/contracts/shops';
import { useTranslation } from 'react-i18next';

const COLOR: Record<ShopStatus, 'success' | 'warning' | 'default'> = {
  ACTIVE: 'success',
  SUSPENDED: 'warning',
  CLOSED: 'default',
};

export function ShopStatusChip({ status }: { status: ShopStatus }) {
  const { t } = useTranslation('shops');
  return <Chip size="small" color={COLOR[status]} label={t(`status.${status}`)} data-testid="shop-status" />;
}
