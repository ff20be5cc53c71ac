import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { OutboxMessage } from '@parking-hub/contracts/messaging';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { formatRecipient } from '../message-rules';
import { ChannelIcon } from './channel-icon';
import { MessageStatusChip } from './message-status-chip';

/** A kind or cause the app has no words for is shown as the server names it. */
export const kindLabel = (t: TFunction, kind: string) => t(`kind.${kind}`, { defaultValue: kind });
export const causeLabel = (t: TFunction, cause: string) =>
  t(`cause.${cause.replace(/\W/g, '_')}`, { defaultValue: cause });

const secondary = { color: 'text.secondary', fontSize: 13, overflowWrap: 'anywhere' } as const;

export function RecipientCell({ message }: { message: OutboxMessage }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <ChannelIcon channel={message.channel} />
      <Typography
        component="span"
        sx={{ fontWeight: 600, fontSize: 14, overflowWrap: 'anywhere', whiteSpace: { md: 'nowrap' } }}
        data-testid="message-recipient"
      >
        {formatRecipient(message.recipient)}
      </Typography>
    </Box>
  );
}

/** One line of the last error on a desktop (the whole text on hover), a few lines on a card. */
function LastError({ text }: { text: string | null }) {
  if (!text) return <Box sx={{ color: 'text.disabled' }}>—</Box>;
  return (
    <Tooltip title={text}>
      <Box
        sx={{
          color: 'error.dark',
          fontSize: 13,
          maxWidth: { md: 260 },
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: { md: 'nowrap' },
          display: { xs: '-webkit-box', md: 'block' },
          WebkitLineClamp: { xs: 3 },
          WebkitBoxOrient: 'vertical',
          overflowWrap: 'anywhere',
        }}
        data-testid="message-last-error"
      >
        {text}
      </Box>
    </Tooltip>
  );
}

export function messageColumns(t: TFunction): Column<OutboxMessage>[] {
  return [
    {
      key: 'time',
      header: t('fields.time'),
      render: (m) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt)}</Box>,
    },
    {
      key: 'recipient',
      header: t('fields.recipient'),
      primary: true,
      render: (m) => <RecipientCell message={m} />,
    },
    {
      key: 'shop',
      header: t('fields.shopUser'),
      render: (m) =>
        m.shopName || m.userName ? (
          <Box sx={{ minWidth: { md: 120 }, overflowWrap: 'break-word' }}>
            {m.shopName && <Box>{m.shopName}</Box>}
            {m.userName && <Box sx={secondary}>{m.userName}</Box>}
          </Box>
        ) : (
          <Box sx={{ color: 'text.disabled' }}>—</Box>
        ),
    },
    {
      key: 'kind',
      header: t('fields.kind'),
      render: (m) => (
        <Box sx={{ minWidth: { md: 110 } }}>
          <Box>{kindLabel(t, m.kind)}</Box>
          <Box sx={secondary}>
            {causeLabel(t, m.cause)}
            {m.createdByName && ` · ${m.createdByName}`}
          </Box>
        </Box>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      render: (m) => <MessageStatusChip status={m.status} />,
    },
    {
      key: 'attempts',
      header: t('fields.attempts'),
      align: 'right',
      render: (m) => <span data-testid="message-attempts">{m.attempts}</span>,
    },
    {
      key: 'lastError',
      header: t('fields.lastError'),
      render: (m) => <LastError text={m.lastError} />,
    },
  ];
}
