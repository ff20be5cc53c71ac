import Chip from '@mui/material/Chip';
import { alpha, type Theme } from '@mui/material/styles';
import type { SessionStatus } from '@parking-hub/contracts/access-tokens';
import { useTranslation } from 'react-i18next';

/**
 * ACTIVE green, EXPIRED grey, REVOKED red. Tinted by hand: the theme's `success` is the spec's
 * cyan, not a green.
 */
const STYLE: Record<SessionStatus, (theme: Theme) => object> = {
  ACTIVE: (theme) => ({
    bgcolor: alpha(theme.palette.primary.main, 0.12),
    color: theme.palette.primary.main,
  }),
  EXPIRED: (theme) => ({ bgcolor: theme.palette.action.selected, color: theme.palette.text.secondary }),
  REVOKED: (theme) => ({ bgcolor: alpha(theme.palette.error.main, 0.1), color: theme.palette.error.dark }),
};

export function SessionStatusChip({ status }: { status: SessionStatus }) {
  const { t } = useTranslation('access-tokens');
  return (
    <Chip
      size="small"
      label={t(`status.${status}`)}
      sx={[STYLE[status], { fontWeight: 600 }]}
      data-testid={`token-status-${status}`}
    />
  );
}
