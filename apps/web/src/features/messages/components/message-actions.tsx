import Block from '@mui/icons-material/Block';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import type { OutboxMessage } from '@parking-hub/contracts/messaging';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { useCancelMessage } from '../api/cancel-message';
import { useRetryMessage } from '../api/retry-message';
import { canCancel, canRetry, formatRecipient } from '../message-rules';

/** Send again (or now, for a queued one) and cancel, each only where the message's status allows. */
export function MessageActions({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('messages');
  const retry = useRetryMessage();
  const cancel = useCancelMessage();
  const to = formatRecipient(message.recipient);
  const queued = message.status === 'QUEUED';
  const retryKey = queued ? 'sendNow' : 'retry';
  if (!canRetry(message) && !canCancel(message)) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {canRetry(message) && (
        <ConfirmButton
          title={t(`${retryKey}.title`)}
          text={t(`${retryKey}.text`, { to })}
          confirmText={t(`${retryKey}.confirm`)}
          loading={retry.isPending}
          disabled={cancel.isPending}
          onConfirm={() => retry.mutateAsync(message.id).then(handleResponse, handleError)}
          data-testid="message-retry"
        >
          <Replay fontSize="small" sx={{ mr: 0.75 }} />
          {t(`${retryKey}.button`)}
        </ConfirmButton>
      )}
      {canCancel(message) && (
        <ConfirmButton
          variant="outlined"
          color="error"
          title={t('cancel.title')}
          text={t('cancel.text', { to })}
          confirmText={t('cancel.confirm')}
          loading={cancel.isPending}
          disabled={retry.isPending}
          onConfirm={() => cancel.mutateAsync(message.id).then(handleResponse, handleError)}
          data-testid="message-cancel"
        >
          <Block fontSize="small" sx={{ mr: 0.75 }} />
          {t('cancel.button')}
        </ConfirmButton>
      )}
    </Box>
  );
}
