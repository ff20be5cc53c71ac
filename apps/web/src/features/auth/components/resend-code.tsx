import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCountdown, useCountdown } from '../use-countdown';

interface Props {
  /** When the server allows another code (Date.now() + resendInSeconds). */
  deadline: number;
  busy: boolean;
  onResend: () => void;
}

/** "Didn't get it?": a countdown until another code may be asked for, then a link that asks. */
export function ResendCode({ deadline, busy, onResend }: Props) {
  const { t } = useTranslation('password-help');
  const seconds = useCountdown(deadline);
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: 0.75 }}
      data-testid="resend-code"
    >
      <Typography variant="body2" color="text.secondary">
        {t('code.notReceived')}
      </Typography>
      {seconds > 0 ? (
        <Typography variant="body2" color="text.secondary" role="timer" data-testid="resend-countdown">
          {t('code.resendIn', { time: formatCountdown(seconds) })}
        </Typography>
      ) : (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={onResend}
          disabled={busy}
          sx={{ fontWeight: 600, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          data-testid="resend-link"
        >
          {busy && <CircularProgress size={14} color="inherit" />}
          {t('code.resend')}
        </Link>
      )}
    </Box>
  );
}
