import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  codeSchema,
  RESET_CODE_LENGTH,
  type SendCodeResult,
  type VerifyCodeResult,
} from '@parking-hub/contracts/password-reset';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toast } from '../../../components/feedback/toast-store';
import { SubmitButton } from '../../../components/form/submit-button';
import { dataOf } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { messageText } from '../../../lib/i18n';
import { sendCode } from '../api/send-code';
import { verifyCode } from '../api/verify-code';
import { errorText, needsRestart } from '../reset-errors';
import { ChannelIcon } from './channel-icon';
import { ResendCode } from './resend-code';

const formSchema = z.object({ code: codeSchema });

/** `•••• 4521` stays on one line (no-break spaces). */
const unbroken = (text: string) => text.replaceAll(' ', '\u00a0');
type CodeForm = z.infer<typeof formSchema>;

/** What was sent, and when another code may be asked for. */
export interface SentCode extends SendCodeResult {
  resendAt: number;
}

interface Props {
  requestId: string;
  sent: SentCode;
  onResent: (result: SendCodeResult) => void;
  onVerified: (result: VerifyCodeResult) => void;
  /** Back to step 2, offered when there is another place to send the code. */
  onChangeDestination?: () => void;
  onFailure: (error: unknown) => void;
}

/**
 * Step 3: the 6-digit code (numeric keypad, the phone's one-time-code autofill), where it went,
 * and a resend link. The code is checked as soon as the sixth digit is in. The server's answer
 * (wrong with tries left, expired, too many tries, wait before resending) shows under the field.
 */
export function EnterCodeStep({
  requestId,
  sent,
  onResent,
  onVerified,
  onChangeDestination,
  onFailure,
}: Props) {
  const { t } = useTranslation('password-help');
  const [resending, setResending] = useState(false);
  const { register, handleSubmit, setError, setValue, setFocus, clearErrors, formState } = useForm<CodeForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { code: '' },
  });

  const fail = (error: unknown) => {
    if (!needsRestart(error) && isApiError(error) && error.kind === 'http' && error.status < 500) {
      setError('code', { type: 'server', message: errorText(error, 'code') }, { shouldFocus: true });
    } else onFailure(error);
  };

  const submit = handleSubmit(async ({ code }) => {
    try {
      onVerified(dataOf(await verifyCode({ requestId, code })));
    } catch (error) {
      fail(error);
    }
  });

  const resend = async () => {
    setResending(true);
    try {
      const envelope = await sendCode(sent.channel, { requestId });
      onResent(dataOf(envelope));
      if (envelope.message) toast.success(envelope.message);
      setValue('code', '');
      clearErrors('code');
      setFocus('code');
    } catch (error) {
      fail(error);
    } finally {
      setResending(false);
    }
  };

  const field = register('code');
  const error = messageText(formState.errors.code?.message);
  const busy = formState.isSubmitting;
  return (
    <form onSubmit={submit} noValidate data-testid="enter-code-form">
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <ChannelIcon channel={sent.channel} sx={{ mt: 0.25 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="code-sent-to">
              <Trans
                t={t}
                i18nKey="code.sentTo"
                values={{ channel: t(`channel.${sent.channel}`), masked: unbroken(sent.masked) }}
                components={{ strong: <strong /> }}
              />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('code.validFor', { minutes: Math.round(sent.expiresInSeconds / 60) })}
            </Typography>
          </Box>
        </Box>
        <TextField
          label={t('code.label')}
          {...field}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '').slice(0, RESET_CODE_LENGTH);
            setValue('code', digits, { shouldValidate: false });
            if (formState.errors.code) clearErrors('code');
            if (digits.length === RESET_CODE_LENGTH && !busy) void submit();
          }}
          autoFocus
          error={!!error}
          helperText={error || t('code.hint')}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              pattern: '[0-9]*',
              maxLength: RESET_CODE_LENGTH,
              'data-testid': 'reset-code',
            },
            formHelperText: { role: error ? 'alert' : undefined } as object,
          }}
          sx={{
            '& input': {
              fontSize: '2rem',
              fontWeight: 600,
              letterSpacing: '0.45em',
              textAlign: 'center',
              fontVariantNumeric: 'tabular-nums',
              // The letter spacing trails the last digit: pad the left the same so it centres.
              pl: '0.45em',
              py: 1.5,
            },
          }}
        />
        <SubmitButton busy={busy} size="large" data-testid="reset-verify">
          {t('code.submit')}
        </SubmitButton>
        <ResendCode deadline={sent.resendAt} busy={resending} onResend={() => void resend()} />
        {onChangeDestination && (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={onChangeDestination}
            sx={{ alignSelf: 'center' }}
            data-testid="change-destination"
          >
            {t('code.otherDestination')}
          </Link>
        )}
      </Stack>
    </form>
  );
}
