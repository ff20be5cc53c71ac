import Typography from '@mui/material/Typography';
import type { MessageStatus } from '@parking-hub/contracts/messaging';
import { useTranslation } from 'react-i18next';
import { MessageStatusChip, STATUS_LOOK } from '../../../components/messages/message-status-chip';

/** The last WhatsApp message of an invoice: its outbox status, or "not sent". */
export function InvoiceMessageStatus({ status }: { status: string | null }) {
  const { t } = useTranslation('rent');
  if (!status || !(status in STATUS_LOOK))
    return (
      <Typography variant="body2" color="text.secondary" component="span" data-testid="message-status">
        {t('messageStatus.none')}
      </Typography>
    );
  return <MessageStatusChip status={status as MessageStatus} label={t(`messageStatus.${status}`)} />;
}
