import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Inbox from '@mui/icons-material/Inbox';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function StateBox({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        py: 6,
        px: 2,
        color: 'text.secondary',
      }}
    >
      {icon}
      {children}
    </Box>
  );
}

/** A list with nothing in it: say so, and what to do next. */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <StateBox icon={<Inbox sx={{ fontSize: 48, opacity: 0.6 }} />}>
      <Typography variant="subtitle1" color="text.primary" data-testid="empty-state">
        {title}
      </Typography>
      {hint && <Typography variant="body2">{hint}</Typography>}
      {action}
    </StateBox>
  );
}

/** A load that failed: the reason and a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : t('errors.unknown');
  return (
    <StateBox icon={<ErrorOutline color="error" sx={{ fontSize: 48 }} />}>
      <Typography variant="subtitle1" color="text.primary">
        {t('states.loadFailed')}
      </Typography>
      <Typography variant="body2" data-testid="error-state">
        {message}
      </Typography>
      {onRetry && (
        <Button variant="outlined" onClick={onRetry} sx={{ mt: 1 }}>
          {t('actions.retry')}
        </Button>
      )}
    </StateBox>
  );
}
