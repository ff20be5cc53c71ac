import CloudOff from '@mui/icons-material/CloudOffOutlined';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';

type Problem = 'notFound' | 'tooMany' | 'offline';

/** 404 and a malformed link (400) read the same to a customer: this ticket cannot be found. */
export function problemOf(error: unknown): Problem {
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return 'notFound';
  if (isApiError(error) && error.status === 429) return 'tooMany';
  return 'offline';
}

const ICONS = { notFound: SearchOff, tooMany: HourglassEmpty, offline: CloudOff };

/** What a customer sees when the receipt cannot be shown: plain words and, where it helps, a retry. */
export function ReceiptProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('receipt');
  const problem = problemOf(error);
  const Icon = ICONS[problem];
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', mt: 2 }}
      data-testid={`receipt-${problem}`}
    >
      <Icon color={problem === 'offline' ? 'error' : 'primary'} sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
        {t(`${problem}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t(`${problem}.text`)}
      </Typography>
      {problem !== 'notFound' && (
        <Button variant="contained" onClick={onRetry} sx={{ mt: 3 }} data-testid="receipt-retry">
          {t('retry')}
        </Button>
      )}
    </Paper>
  );
}
