import Block from '@mui/icons-material/Block';
import Done from '@mui/icons-material/Done';
import DoneAll from '@mui/icons-material/DoneAll';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Schedule from '@mui/icons-material/Schedule';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { alpha, type Theme } from '@mui/material/styles';
import type { MessageStatus } from '@parking-hub/contracts/messaging';
import type { ReactElement } from 'react';

/** MUI's own amber: the theme's `warning` is the spec's red, which would read as a failure. */
const AMBER = '#ed6c02';

/**
 * Waiting is neutral, the three steps of success are ever deeper greens (the theme's `success`
 * is the spec's cyan), a failure red, missing settings amber, cancelled grey. Each has its icon
 * too, so the colour is never the only sign.
 */
export const STATUS_LOOK: Record<MessageStatus, { sx: (theme: Theme) => object; icon: ReactElement }> = {
  QUEUED: {
    sx: (theme) => ({ bgcolor: 'transparent', border: 1, borderColor: theme.palette.divider }),
    icon: <Schedule />,
  },
  SENT: {
    sx: (theme) => ({ bgcolor: alpha(theme.palette.primary.main, 0.08), color: theme.palette.primary.main }),
    icon: <Done />,
  },
  DELIVERED: {
    sx: (theme) => ({ bgcolor: alpha(theme.palette.primary.main, 0.18), color: theme.palette.primary.dark }),
    icon: <DoneAll />,
  },
  READ: {
    sx: (theme) => ({ bgcolor: alpha(theme.palette.primary.main, 0.3), color: theme.palette.primary.dark }),
    icon: <DoneAll />,
  },
  FAILED: {
    sx: (theme) => ({ bgcolor: alpha(theme.palette.error.main, 0.12), color: theme.palette.error.dark }),
    icon: <ErrorOutline />,
  },
  NOT_CONFIGURED: {
    sx: () => ({ bgcolor: alpha(AMBER, 0.14), color: '#9a4200' }),
    icon: <SettingsOutlined />,
  },
  CANCELLED: {
    sx: (theme) => ({ bgcolor: theme.palette.action.selected, color: theme.palette.text.secondary }),
    icon: <Block />,
  },
};

/** The chip's icon takes the chip's text colour. */
export const iconSx = { '& .MuiChip-icon': { color: 'inherit' }, fontWeight: 600 } as const;

/**
 * An outbox status as a chip (the Messages screen, a shop's messages): its look and icon here, its
 * words from the caller's namespace.
 */
export function MessageStatusChip({
  status,
  label,
  size = 'small',
}: {
  status: MessageStatus;
  label: string;
  size?: ChipProps['size'];
}) {
  const look = STATUS_LOOK[status];
  return (
    <Chip
      size={size}
      icon={look.icon}
      label={label}
      sx={[look.sx, iconSx]}
      data-testid="message-status"
      data-status={status}
    />
  );
}
