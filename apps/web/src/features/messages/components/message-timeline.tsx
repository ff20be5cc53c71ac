import Block from '@mui/icons-material/Block';
import Done from '@mui/icons-material/Done';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import NotificationsActive from '@mui/icons-material/NotificationsActiveOutlined';
import Replay from '@mui/icons-material/Replay';
import Schedule from '@mui/icons-material/Schedule';
import Send from '@mui/icons-material/SendOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OutboxEvent } from '@parking-hub/contracts/messaging';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TimelineItem } from '../../../components/timeline-item';
import { formatDateTime } from '../../../lib/format';
import { MessageStatusChip } from './message-status-chip';

const ICONS: Record<OutboxEvent['kind'], ReactNode> = {
  QUEUED: <Schedule fontSize="small" />,
  ATTEMPT: <Send fontSize="small" />,
  SENT: <Done fontSize="small" />,
  ERROR: <ErrorOutline fontSize="small" />,
  RETRY: <Replay fontSize="small" />,
  DEFERRED: <Schedule fontSize="small" />,
  IN_DOUBT: <HelpOutline fontSize="small" />,
  CALLBACK: <NotificationsActive fontSize="small" />,
  NOT_CONFIGURED: <SettingsOutlined fontSize="small" />,
  REQUEUED: <Replay fontSize="small" />,
  CANCELLED: <Block fontSize="small" />,
  EXPIRED: <Block fontSize="small" />,
  FAILED: <ErrorOutline fontSize="small" />,
};
const TONE: Partial<Record<OutboxEvent['kind'], string>> = {
  SENT: 'primary.main',
  ERROR: 'error.main',
  FAILED: 'error.main',
  EXPIRED: 'error.main',
};

function Event({ event, last }: { event: OutboxEvent; last: boolean }) {
  const { t } = useTranslation('messages');
  const tone = TONE[event.kind] ?? 'text.secondary';
  const codes = [
    event.httpStatus !== null && t('detail.http', { status: event.httpStatus }),
    event.errorCode && t('detail.errorCode', { code: event.errorCode }),
  ].filter(Boolean);
  return (
    <TimelineItem icon={ICONS[event.kind]} tone={tone} last={last} testId="message-event" kind={event.kind}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{t(`event.${event.kind}`)}</Typography>
        {event.status && <MessageStatusChip status={event.status} />}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(event.at)}
        {codes.length > 0 && ` · ${codes.join(' · ')}`}
      </Typography>
      {event.detail && (
        <Typography
          variant="body2"
          sx={{ fontFamily: 'monospace', fontSize: 12.5, overflowWrap: 'anywhere', mt: 0.25 }}
          data-testid="message-event-detail"
        >
          {event.detail}
        </Typography>
      )}
    </TimelineItem>
  );
}

/** What happened to the message, oldest first: attempts, errors, retries, the provider's reports. */
export function MessageTimeline({ events }: { events: OutboxEvent[] }) {
  const { t } = useTranslation('messages');
  return (
    <Box component="section" aria-labelledby="message-timeline-title">
      <Typography
        id="message-timeline-title"
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600, mb: 1 }}
      >
        {t('detail.timeline')}
      </Typography>
      {events.length === 0 ? (
        <Typography color="text.secondary">{t('detail.noEvents')}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="message-timeline">
          {events.map((event, i) => (
            <Event key={event.id} event={event} last={i === events.length - 1} />
          ))}
        </Box>
      )}
    </Box>
  );
}
