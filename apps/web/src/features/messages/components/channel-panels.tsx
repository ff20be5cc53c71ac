import EmailOutlined from '@mui/icons-material/EmailOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { MessagingStatus } from '@parking-hub/contracts/messaging';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { type WhatsappState, whatsappState } from '../message-rules';

const mono = { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } as const;

const STATE_COLOUR: Record<WhatsappState, string> = {
  CONNECTED: '#065c3f',
  ERROR: '#c62828',
  NOT_CONFIGURED: '#9a4200',
  UNCHECKED: '#5f6368',
};

function StateChip({ state, label, testId }: { state: WhatsappState; label: string; testId: string }) {
  const colour = STATE_COLOUR[state];
  return (
    <Chip
      size="small"
      label={label}
      sx={{ bgcolor: alpha(colour, 0.12), color: colour, fontWeight: 600 }}
      data-testid={testId}
      data-state={state}
    />
  );
}

function Panel({
  icon,
  title,
  chip,
  children,
}: {
  icon: ReactNode;
  title: string;
  chip: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        {icon}
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        {chip}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, fontSize: 14 }}>{children}</Box>
    </Box>
  );
}

function Line({ children, testId, muted }: { children: ReactNode; testId?: string; muted?: boolean }) {
  return (
    <Typography
      variant="body2"
      color={muted ? 'text.secondary' : undefined}
      sx={{ overflowWrap: 'anywhere' }}
      data-testid={testId}
    >
      {children}
    </Typography>
  );
}

function MissingList({ names }: { names: string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, ...mono }} data-testid="whatsapp-missing">
      {names.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </Box>
  );
}

/** WhatsApp in plain words: connected as whom, or what is missing, or what the API answered. */
export function WhatsappPanel({ whatsapp }: { whatsapp: MessagingStatus['whatsapp'] }) {
  const { t } = useTranslation('messages');
  const state = whatsappState(whatsapp);
  const check = whatsapp.lastCheck;
  const quality = check?.qualityRating;
  return (
    <Panel
      icon={<WhatsApp sx={{ color: '#1c8a4a' }} />}
      title={t('channel.WHATSAPP')}
      chip={<StateChip state={state} label={t(`connection.state.${state}`)} testId="whatsapp-state" />}
    >
      {state === 'CONNECTED' && (
        <Line testId="whatsapp-connected">
          {t('connection.connectedAs', { name: check?.verifiedName ?? '—' })}{' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {t('connection.number', { number: check?.phoneNumber ?? whatsapp.phoneNumberId ?? '' })}
          </Box>
          {quality && (
            <Box
              component="span"
              sx={{ display: 'block', color: 'text.secondary' }}
              data-testid="whatsapp-quality"
            >
              {t('connection.quality', {
                quality: t(`connection.qualities.${quality}`, { defaultValue: quality }),
              })}
            </Box>
          )}
        </Line>
      )}
      {state === 'NOT_CONFIGURED' && (
        <>
          <Line>{t('connection.missing')}</Line>
          <MissingList names={whatsapp.missing} />
        </>
      )}
      {state === 'ERROR' && (
        <Line testId="whatsapp-error">
          <Box component="span" sx={{ ...mono, color: 'error.dark' }}>
            {check?.error}
          </Box>
        </Line>
      )}
      {state === 'UNCHECKED' && <Line>{t('connection.uncheckedHint')}</Line>}
      <Line testId="whatsapp-webhook">
        {t(whatsapp.webhookReady ? 'connection.webhookReady' : 'connection.webhookNotReady')}
      </Line>
      <Line muted testId="whatsapp-last-check">
        {check
          ? t('connection.lastCheck', { time: formatDateTime(check.checkedAt) })
          : t('connection.neverChecked')}
      </Line>
      {whatsapp.configured && (
        <Line muted>
          <Box component="span" sx={mono}>
            {whatsapp.apiUrl}
            {whatsapp.phoneNumberId && ` · ${whatsapp.phoneNumberId}`}
          </Box>
        </Line>
      )}
    </Panel>
  );
}

/** E-mail: set up (and who it comes from) or not. */
export function EmailPanel({ email }: { email: MessagingStatus['email'] }) {
  const { t } = useTranslation('messages');
  const state = email.configured ? 'CONNECTED' : 'NOT_CONFIGURED';
  return (
    <Panel
      icon={<EmailOutlined color="action" />}
      title={t('channel.EMAIL')}
      chip={
        <StateChip
          state={state}
          label={t(email.configured ? 'connection.emailReady' : 'connection.state.NOT_CONFIGURED')}
          testId="email-state"
        />
      }
    >
      {email.configured ? (
        <Line testId="email-from">{t('connection.emailFrom', { from: email.from })}</Line>
      ) : (
        <>
          <Line>{t('connection.missing')}</Line>
          <MissingList names={['SMTP_URL']} />
        </>
      )}
    </Panel>
  );
}
