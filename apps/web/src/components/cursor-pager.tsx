import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { CursorPageMeta } from '@parking-hub/contracts/envelope';
import { useTranslation } from 'react-i18next';
import { rowRange } from '../lib/cursor-paging';

const number = new Intl.NumberFormat('en-US');

/**
 * Previous / next of a cursor-paged list (the bill history, the audit trail, the outbox), with
 * "21–40 of 1,234" (or "10,000+" past the server's count cap).
 */
export function CursorPager({
  meta,
  rows,
  onPrevious,
  onNext,
  'data-testid': testId = 'list-pager',
}: {
  meta: CursorPageMeta;
  rows: number;
  onPrevious: () => void;
  onNext: (nextCursor: string) => void;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('common');
  const { from, to } = rowRange(meta.page, meta.pageSize, rows);
  const total = `${number.format(meta.total)}${meta.totalCapped ? '+' : ''}`;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, px: 1, py: 0.5 }}
      data-testid={testId}
    >
      <Typography variant="body2" color="text.secondary" data-testid="pager-range">
        {t('paging.range', { from, to, total })} · {t('paging.page', { page: meta.page })}
      </Typography>
      <IconButton
        onClick={onPrevious}
        disabled={meta.page <= 1}
        aria-label={t('paging.previous')}
        data-testid="page-previous"
      >
        <ChevronLeft />
      </IconButton>
      <IconButton
        onClick={() => meta.nextCursor && onNext(meta.nextCursor)}
        disabled={!meta.nextCursor}
        aria-label={t('paging.next')}
        data-testid="page-next"
      >
        <ChevronRight />
      </IconButton>
    </Box>
  );
}
