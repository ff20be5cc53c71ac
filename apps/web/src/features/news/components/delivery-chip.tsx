import PhoneDisabled from '@mui/icons-material/PhoneDisabledOutlined';
import Chip from '@mui/material/Chip';
import type { DeliveryStatus } from '@parking-hub/contracts/news';
import { useTranslation } from 'react-i18next';
import { MessageStatusChip } from '../../../components/messages/message-status-chip';

/** A shop's delivery: its WhatsApp message's status chip, or "no WhatsApp number". */
export function DeliveryChip({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation('news');
  if (status === 'NO_WHATSAPP')
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<PhoneDisabled />}
        label={t('delivery.NO_WHATSAPP')}
        data-testid="delivery-status"
      />
    );
  return (
    <span data-testid="delivery-status">
      <MessageStatusChip status={status} label={t(`delivery.${status}`)} />
    </span>
  );
}
