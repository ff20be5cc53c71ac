import Chip from '@mui/material/Chip';
import type { NewsStatus } from '@parking-hub/contracts/news';
import { useTranslation } from 'react-i18next';

const COLOR: Record<NewsStatus, 'default' | 'primary' | 'secondary'> = {
  DRAFT: 'default',
  SCHEDULED: 'secondary',
  SENT: 'primary',
  WITHDRAWN: 'default',
};

/** A news item's status: draft, scheduled, sent, or withdrawn (struck through). */
export function NewsStatusChip({ status }: { status: NewsStatus }) {
  const { t } = useTranslation('news');
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={status === 'SENT' ? 'filled' : 'outlined'}
      label={t(`status.${status}`)}
      sx={status === 'WITHDRAWN' ? { textDecoration: 'line-through' } : undefined}
      data-testid="news-status"
    />
  );
}
