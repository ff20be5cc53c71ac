import Chip from '@mui/material/Chip';
import type { PromotionState } from '@parking-hub/contracts/promotions';
import { useTranslation } from 'react-i18next';

const COLOR: Record<PromotionState, 'success' | 'info' | 'default' | 'warning'> = {
  ACTIVE: 'success',
  UPCOMING: 'info',
  EXPIRED: 'default',
  INACTIVE: 'warning',
};

export function PromotionStateChip({ state }: { state: PromotionState }) {
  const { t } = useTranslation('promotions');
  return <Chip size="small" color={COLOR[state]} label={t(`state.${state}`)} data-testid="promotion-state" />;
}
