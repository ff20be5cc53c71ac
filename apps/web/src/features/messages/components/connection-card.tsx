import NetworkCheck from '@mui/icons-material/NetworkCheck';
import Send from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  MESSAGE_STATUSES,
  type MessageStatus,
  type MessagingStatus,
  type ResetWhatsappResult,
} from '@parking-hub/contracts/messaging';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { ErrorState } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { useResetWhatsapp } from '../api/reset-whatsapp';
import { EmailPanel, WhatsappPanel } from './channel-panels';
import { StatusCountChip } from './message-status-chip';

function ResetResult({ result }: { result: ResetWhatsappResult }) {
  const { t } = useTranslation('messages');
  const { connection, requeued } = result;
  const severity =
    connection.state === 'CONNECTED' ? 'success' : connection.state === 'ERROR' ? 'error' : 'warning';
  return (
    <Alert severity={severity} sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="reset-result">
      {t(`reset.result.${connection.state}`, {
        count: requeued,
        error: connection.error ?? '',
        missing: connection.missing.join(', '),
      })}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 13 }}>
        {t('connection.checkedAt', { time: formatDateTime(connection.checkedAt) })}
      </Box>
    </Alert>
  );
}

/**
 * How the channels stand (WhatsApp's last check, e-mail's sender), the outbox by status (a chip
 * filters the list), and the two admin actions: a test message, and check-and-resend.
 */
export function ConnectionCard({
  query,
  activeStatus,
  onStatus,
  onTest,
}: {
  query: { data?: MessagingStatus; error: unknown; refetch: () => unknown };
  activeStatus: string;
  onStatus: (status: MessageStatus | '') => void;
  onTest: () => void;
}) {
  const { t } = useTranslation('messages');
  const reset = useResetWhatsapp();
  const [result, setResult] = useState<ResetWhatsappResult | null>(null);
  const status = query.data;

  if (!status) {
    return (
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="connection-card">
        {query.error ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Box aria-busy="true">
            <Skeleton height={32} width="40%" />
            <Skeleton height={24} />
            <Skeleton height={24} width="70%" />
            <Skeleton height={40} width="60%" />
          </Box>
        )}
      </Paper>
    );
  }

  const runReset = () =>
    reset.mutateAsync().then((envelope) => {
      handleResponse(envelope);
      if (envelope.data) setResult(envelope.data);
    }, handleError);

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2 }}
      component="section"
      aria-labelledby="connection-title"
      data-testid="connection-card"
    >
      <Typography id="connection-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t('connection.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <WhatsappPanel whatsapp={status.whatsapp} />
        <EmailPanel email={status.email} />
      </Box>
      <Divider sx={{ my: 2 }} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('connection.counts')}
      </Typography>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
        role="group"
        aria-label={t('connection.counts')}
      >
        {MESSAGE_STATUSES.map((s) => (
          <StatusCountChip
            key={s}
            status={s}
            count={status.counts[s] ?? 0}
            active={activeStatus === s}
            onClick={() => onStatus(activeStatus === s ? '' : s)}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button variant="contained" startIcon={<Send />} onClick={onTest} data-testid="open-test">
          {t('actions.test')}
        </Button>
        <ConfirmButton
          variant="outlined"
          title={t('reset.title')}
          text={t('reset.text')}
          confirmText={t('reset.confirm')}
          loading={reset.isPending}
          onConfirm={runReset}
          data-testid="reset-whatsapp"
        >
          <NetworkCheck fontSize="small" sx={{ mr: 0.75 }} />
          {t('actions.reset')}
        </ConfirmButton>
      </Box>
      {result && <ResetResult result={result} />}
    </Paper>
  );
}
