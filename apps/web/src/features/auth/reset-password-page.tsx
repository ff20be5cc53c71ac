import LockReset from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Envelope } from '@parking-hub/contracts/envelope';
import type { ResetDestination, SendCodeResult } from '@parking-hub/contracts/password-reset';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { toast } from '../../components/feedback/toast-store';
import { ChooseDestinationStep } from './components/choose-destination-step';
import { EnterCodeStep, type SentCode } from './components/enter-code-step';
import { FindAccountStep } from './components/find-account-step';
import { NewPasswordStep } from './components/new-password-step';
import { ResetStepper } from './components/reset-stepper';
import { WhoToAsk } from './components/who-to-ask';
import { errorText, needsRestart } from './reset-errors';

type Stage =
  | { step: 'find' }
  | { step: 'choose'; requestId: string; destinations: ResetDestination[]; sent?: SentCode }
  | { step: 'code'; requestId: string; destinations: ResetDestination[]; sent: SentCode }
  | { step: 'password'; resetToken: string };

interface Failure {
  message: string;
  /** The request or the token has expired: only starting again helps. */
  restart: boolean;
}

const sentCode = (result: SendCodeResult): SentCode => ({
  ...result,
  resendAt: Date.now() + result.resendInSeconds * 1000,
});

/**
 * '/reset-password', public: find the account → choose where the code goes → enter the code → a
 * new password → back to sign in. Plain calls and local state (no TanStack Query: decision 005).
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['password-help', 'common']);
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ step: 'find' });
  const [identifier, setIdentifier] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const restartRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    document.title = `${t('title')} · ${t('common:appTitle')}`;
  }, [t]);

  useEffect(() => {
    if (failure?.restart) restartRef.current?.focus();
  }, [failure]);

  const go = (next: Stage) => {
    setFailure(null);
    setStage(next);
  };
  const onFailure = (error: unknown) =>
    setFailure({ message: errorText(error) || t('common:errors.unknown'), restart: needsRestart(error) });
  const startAgain = () => go({ step: 'find' });

  const done = (envelope: Envelope<null>) => {
    toast.success(envelope.message || t('api:success.passwordReset'));
    navigate('/', { replace: true });
  };

  const body = () => {
    switch (stage.step) {
      case 'find':
        return (
          <FindAccountStep
            identifier={identifier}
            onFound={(result, typed) => {
              setIdentifier(typed);
              go({ step: 'choose', ...result });
            }}
            onFailure={onFailure}
          />
        );
      case 'choose':
        return stage.destinations.length === 0 ? (
          <WhoToAsk />
        ) : (
          <ChooseDestinationStep
            requestId={stage.requestId}
            destinations={stage.destinations}
            {...(stage.sent ? { lastSent: stage.sent } : {})}
            onSent={(result) => go({ ...stage, step: 'code', sent: sentCode(result) })}
            onBackToCode={(sent) => go({ ...stage, step: 'code', sent })}
            onFailure={onFailure}
          />
        );
      case 'code':
        return (
          <EnterCodeStep
            key={stage.sent.channel}
            requestId={stage.requestId}
            sent={stage.sent}
            onResent={(result) => go({ ...stage, sent: sentCode(result) })}
            onVerified={(result) => go({ step: 'password', resetToken: result.resetToken })}
            onChangeDestination={
              stage.destinations.length > 1
                ? () =>
                    go({
                      step: 'choose',
                      requestId: stage.requestId,
                      destinations: stage.destinations,
                      sent: stage.sent,
                    })
                : undefined
            }
            onFailure={onFailure}
          />
        );
      case 'password':
        return <NewPasswordStep resetToken={stage.resetToken} onDone={done} onFailure={onFailure} />;
    }
  };

  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2.5, sm: 4 }, width: '100%', maxWidth: 480, minWidth: 0 }}
        data-testid="reset-password"
      >
        <Stack spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <LockReset color="primary" sx={{ fontSize: 48 }} />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
            {t('title')}
          </Typography>
        </Stack>
        <ResetStepper active={stage.step} />
        <Stack spacing={2}>
          {failure && (
            <Alert
              severity={failure.restart ? 'warning' : 'error'}
              role="alert"
              data-testid="reset-error"
              action={
                failure.restart ? (
                  <Button color="inherit" size="small" onClick={startAgain} ref={restartRef}>
                    {t('restart')}
                  </Button>
                ) : undefined
              }
            >
              {failure.message}
            </Alert>
          )}
          {!failure?.restart && body()}
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'center',
              columnGap: 3,
              rowGap: 1,
              pt: 1,
            }}
          >
            {stage.step !== 'find' && !failure?.restart && (
              <Link
                component="button"
                type="button"
                variant="body2"
                onClick={startAgain}
                data-testid="reset-restart"
              >
                {t('otherAccount')}
              </Link>
            )}
            <Link component={RouterLink} to="/" variant="body2" data-testid="reset-back">
              {t('back')}
            </Link>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
