import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { InvoiceStatus } from '@parking-hub/contracts/rent';
import { useTranslation } from 'react-i18next';

const COLOR: Record<InvoiceStatus, 'warning' | 'info' | 'success' | 'default'> = {
  UNPAID: 'warning',
  PARTLY_PAID: 'info',
  PAID: 'success',
  VOID: 'default',
};

/** An invoice's status, and "overdue" beside it when it is past its due date unpaid. */
export function InvoiceStatusChip({ status, overdue }: { status: InvoiceStatus; overdue?: boolean }) {
  const { t } = useTranslation('rent');
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      <Chip
        size="small"
        color={COLOR[status]}
        variant={status === 'VOID' ? 'outlined' : 'filled'}
        label={t(`status.${status}`)}
        data-testid="invoice-status"
        data-status={status}
      />
      {overdue && (
        <Chip
          size="small"
          color="error"
          variant="outlined"
          label={t('overdueChip')}
          data-testid="invoice-overdue"
        />
      )}
    </Stack>
  );
}
