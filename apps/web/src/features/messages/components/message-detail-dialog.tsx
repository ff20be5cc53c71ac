import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { FULL_SCREEN_PAPER } from '../../../components/full-screen';
import { ErrorState } from '../../../components/states';
import { useMessage } from '../api/get-message';
import { formatRecipient } from '../message-rules';
import { ChannelIcon } from './channel-icon';
import { MessageActions } from './message-actions';
import { MessageFacts } from './message-facts';
import { MessageStatusChip } from './message-status-chip';
import { MessageTimeline } from './message-timeline';

/** A message over the list (`?message=<id>`): full screen on a phone; it refreshes while on its way. */
export function MessageDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('messages');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const query = useMessage(id);
  const message = query.data?.message;
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      scroll="paper"
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : { maxWidth: 760 } } }}
      aria-labelledby="message-title"
      data-testid="message-detail"
    >
      <DialogTitle
        id="message-title"
        component="div"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pr: 1 }}
      >
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {message ? (
            <>
              <ChannelIcon channel={message.channel} />
              <Typography variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {formatRecipient(message.recipient)}
              </Typography>
              <MessageStatusChip status={message.status} size="medium" />
            </>
          ) : (
            <Skeleton width={220} height={40} />
          )}
        </Box>
        <IconButton onClick={onClose} aria-label={t('detail.close')} data-testid="message-close">
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {message && query.data ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            <MessageActions message={message} />
            <MessageFacts message={message} />
            <Divider />
            <MessageTimeline events={query.data.events} />
          </Box>
        ) : query.error ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Box aria-busy="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
