import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** PENDING (owed to the agent) or PAID (paid out). */
export function CommissionStatusChip({ status }: { status: 'PENDING' | 'PAID' }) {
  const { t } = useTranslation('finance');
  return (
    <Chip
      size="small"
      color={status === 'PAID' ? 'primary' : 'secondary'}
      variant={status === 'PAID' ? 'filled' : 'outlined'}
      label={t(`compensation.status.${status}`)}
      data-testid="commission-status"
      data-status={status}
    />
  );
}
