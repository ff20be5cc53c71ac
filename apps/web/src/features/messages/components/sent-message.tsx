import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { OutboxMessage } from '@parking-hub/contracts/messaging';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useMessage } from '../api/get-message';
import { isSettling } from '../message-rules';
import { RecipientCell } from './message-columns';
import { MessageStatusChip } from './message-status-chip';

/** The message just sent, followed until it has left the queue and its delivery is reported. */
export function SentMessage({ sent, onOpen }: { sent: OutboxMessage; onOpen: (id: string) => void }) {
  const { t } = useTranslation('messages');
  const query = useMessage(sent.id);
  const m = query.data?.message ?? sent;
  const following = isSettling(m);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="sent-message">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          justifyContent: 'space-between',
        }}
      >
        <RecipientCell message={m} />
        <MessageStatusChip status={m.status} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {formatDateTime(m.createdAt)} · {t('fields.attempts')}: {m.attempts}
        {m.nextAttemptAt && ` · ${t('fields.nextAttemptAt')}: ${formatDateTime(m.nextAttemptAt)}`}
      </Typography>
      {m.lastError && (
        <Typography variant="body2" sx={{ mt: 0.5, color: 'error.dark', overflowWrap: 'anywhere' }}>
          {m.lastError}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        {following && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: 1 }}
            data-testid="sent-following"
          >
            <CircularProgress size={14} />
            {t('test.following')}
          </Typography>
        )}
        <Button size="small" onClick={() => onOpen(m.id)} sx={{ ml: 'auto' }} data-testid="sent-open">
          {t('test.openDetail')}
        </Button>
      </Box>
    </Paper>
  );
}
