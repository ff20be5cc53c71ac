import Chip, { type ChipProps } from '@mui/material/Chip';
import type { BillStatus } from '@parking-hub/contracts/bills';
import { useTranslation } from 'react-i18next';

// Parked stands out (the vehicle is still here); closed is the quiet normal end; lost is an alarm.
const LOOK: Record<BillStatus, Pick<ChipProps, 'color' | 'variant'>> = {
  PARKED: { color: 'primary', variant: 'filled' },
  CLOSED: { color: 'primary', variant: 'outlined' },
  LOST: { color: 'warning', variant: 'filled' },
  CANCELLED: { color: 'default', variant: 'filled' },
};

export function BillStatusChip({ status, size = 'small' }: { status: BillStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return <Chip size={size} {...LOOK[status]} label={t(`billStatus.${status}`)} data-testid="bill-status" />;
}
