import Chip from '@mui/material/Chip';
import type { MemberStatus, NumberStatus } from '@parking-hub/contracts/members';
import { useTranslation } from 'react-i18next';

const MEMBER_COLORS = {
  ACTIVE: 'success',
  EXPIRED: 'error',
  // The theme's warning is red, as is an ended pass: a suspended one is grey, filled.
  SUSPENDED: 'default',
  CANCELLED: 'default',
} as const satisfies Record<MemberStatus, string>;

const NUMBER_COLORS = {
  AVAILABLE: 'success',
  ASSIGNED: 'primary',
  LOST: 'warning',
  RETIRED: 'default',
} as const satisfies Record<NumberStatus, string>;

export function MemberStatusChip({ status }: { status: MemberStatus }) {
  const { t } = useTranslation('members');
  return (
    <Chip
      size="small"
      color={MEMBER_COLORS[status]}
      variant={status === 'CANCELLED' ? 'outlined' : 'filled'}
      label={t(`status.${status}`)}
      data-testid="member-status"
      data-status={status}
    />
  );
}

export function NumberStatusChip({ status }: { status: NumberStatus }) {
  const { t } = useTranslation('members');
  return (
    <Chip
      size="small"
      color={NUMBER_COLORS[status]}
      variant={status === 'RETIRED' ? 'outlined' : 'filled'}
      label={t(`numberStatus.${status}`)}
      data-testid="number-status"
      data-status={status}
    />
  );
}
