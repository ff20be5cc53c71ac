import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResetChannel, ResetDestination, SendCodeResult } from '@parking-hub/contracts/password-reset';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/form/submit-button';
import { dataOf } from '../../../lib/api-client';
import { sendCode } from '../api/send-code';
import { ChannelIcon } from './channel-icon';
import type { SentCode } from './enter-code-step';

interface Props {
  requestId: string;
  destinations: ResetDestination[];
  /** The code sent last in this attempt, if any. */
  lastSent?: SentCode;
  onSent: (result: SendCodeResult) => void;
  /** The way the last code went was chosen again before a new one may be asked for: type that one. */
  onBackToCode: (sent: SentCode) => void;
  onFailure: (error: unknown) => void;
}

/** Step 2: where the code goes, one radio per masked destination (the first one chosen). */
export function ChooseDestinationStep({
  requestId,
  destinations,
  lastSent,
  onSent,
  onBackToCode,
  onFailure,
}: Props) {
  const { t } = useTranslation('password-help');
  const [channel, setChannel] = useState<ResetChannel | undefined>(destinations[0]?.channel);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!channel) return;
    if (lastSent && lastSent.channel === channel && Date.now() < lastSent.resendAt) {
      onBackToCode(lastSent);
      return;
    }
    setBusy(true);
    try {
      onSent(dataOf(await sendCode(channel, { requestId })));
    } catch (error) {
      onFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="choose-destination-form">
      <Stack spacing={2}>
        <Typography id="reset-destination-label">{t('choose.intro')}</Typography>
        <RadioGroup
          aria-labelledby="reset-destination-label"
          value={channel ?? ''}
          onChange={(e) => setChannel(e.target.value as ResetChannel)}
          sx={{ gap: 1 }}
        >
          {destinations.map((d, i) => (
            <FormControlLabel
              key={d.channel}
              value={d.channel}
              control={<Radio autoFocus={i === 0} />}
              data-testid={`destination-${d.channel}`}
              sx={{
                m: 0,
                px: 1,
                py: 1,
                border: 1,
                borderRadius: 1,
                borderColor: channel === d.channel ? 'primary.main' : 'divider',
                bgcolor: channel === d.channel ? 'action.selected' : undefined,
              }}
              label={
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                  <ChannelIcon channel={d.channel} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{t(`channel.${d.channel}`)}</Typography>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ overflowWrap: 'anywhere' }}
                      data-testid="destination-masked"
                    >
                      {d.masked}
                    </Typography>
                  </Box>
                </Box>
              }
            />
          ))}
        </RadioGroup>
        <SubmitButton busy={busy} size="large" data-testid="reset-send">
          {t('choose.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
