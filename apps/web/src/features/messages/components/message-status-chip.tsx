import type { ChipProps } from '@mui/material/Chip';
import Chip from '@mui/material/Chip';
import type { MessageStatus } from '@parking-hub/contracts/messaging';
import { useTranslation } from 'react-i18next';
import {
  iconSx,
  STATUS_LOOK,
  MessageStatusChip as StatusChip,
} from '../../../components/messages/message-status-chip';

export function MessageStatusChip({ status, size }: { status: MessageStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation('messages');
  return <StatusChip status={status} label={t(`status.${status}`)} {...(size ? { size } : {})} />;
}

/** A status with its number on the connection card; a click filters the list by it. */
export function StatusCountChip({
  status,
  count,
  active,
  onClick,
}: {
  status: MessageStatus;
  count: number;
  active: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation('messages');
  const look = STATUS_LOOK[status];
  return (
    <Chip
      icon={look.icon}
      label={`${t(`status.${status}`)} ${count.toLocaleString('en-US')}`}
      onClick={onClick}
      aria-pressed={active}
      sx={[
        look.sx,
        iconSx,
        (theme) => (active ? { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 1 } : {}),
        count === 0 && !active ? { opacity: 0.6 } : {},
      ]}
      data-testid={`count-${status}`}
    />
  );
}
