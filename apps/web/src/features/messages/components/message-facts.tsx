import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { OutboxMessage } from '@parking-hub/contracts/messaging';
import { useTranslation } from 'react-i18next';
import { Fact, Facts } from '../../../components/facts';
import { formatDateTime } from '../../../lib/format';
import { formatRecipient } from '../message-rules';
import { causeLabel, kindLabel } from './message-columns';

const TWO = { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' };
const mono = { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } as const;
const TIMES = ['createdAt', 'sentAt', 'deliveredAt', 'readAt', 'failedAt', 'nextAttemptAt'] as const;

const dash = (value: string | null | undefined) => value || '—';

/** Who it goes to, why, what it says, and when each step happened. */
export function MessageFacts({ message: m }: { message: OutboxMessage }) {
  const { t } = useTranslation('messages');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Facts columns={TWO}>
        <Fact label={t('fields.recipient')} testId="detail-recipient">
          {formatRecipient(m.recipient)}
        </Fact>
        <Fact label={t('fields.channel')}>{t(`channel.${m.channel}`)}</Fact>
        <Fact label={t('fields.shop')} testId="detail-shop">
          {dash(m.shopName)}
        </Fact>
        <Fact label={t('fields.user')}>{dash(m.userName)}</Fact>
        <Fact label={t('fields.kind')}>{kindLabel(t, m.kind)}</Fact>
        <Fact label={t('fields.cause')} testId="detail-cause">
          {causeLabel(t, m.cause)}
          {m.createdByName && ` · ${m.createdByName}`}
        </Fact>
        <Fact label={t('fields.template')} testId="detail-template">
          {m.templateName ? <Box sx={mono}>{m.templateName}</Box> : t('detail.freeText')}
        </Fact>
        {m.subject && <Fact label={t('fields.subject')}>{m.subject}</Fact>}
      </Facts>

      <Box>
        <Typography variant="caption" color="text.secondary" component="h3">
          {t('fields.body')}
        </Typography>
        <Paper
          variant="outlined"
          sx={{ p: 1.5, mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'grey.50' }}
          data-testid="detail-body"
        >
          {m.body}
        </Paper>
      </Box>

      <Facts columns={{ xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }}>
        {TIMES.map((key) => (
          <Fact key={key} label={t(`fields.${key}`)} testId={`detail-${key}`}>
            {dash(formatDateTime(m[key]))}
          </Fact>
        ))}
      </Facts>

      <Facts columns={TWO}>
        <Fact label={t('fields.attempts')} testId="detail-attempts">
          {m.attempts}
        </Fact>
        <Fact label={t('fields.providerId')}>
          {m.providerMessageId ? <Box sx={mono}>{m.providerMessageId}</Box> : '—'}
        </Fact>
        {m.lastError && (
          <Fact label={t('fields.lastError')} wide>
            <Box component="span" sx={{ ...mono, color: 'error.dark' }} data-testid="detail-last-error">
              {m.lastError}
            </Box>
          </Fact>
        )}
      </Facts>
    </Box>
  );
}
