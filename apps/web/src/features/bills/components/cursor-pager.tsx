import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BillPageMeta } from '../api/get-bills';
import { rowRange } from '../cursor-paging';

const number = new Intl.NumberFormat('en-US');

/** Previous / next by cursor, with "21–40 of 1,234" (or "10,000+" past the server's count cap). */
export function CursorPager({
  meta,
  rows,
  onPrevious,
  onNext,
}: {
  meta: BillPageMeta;
  rows: number;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('bills');
  const { from, to } = rowRange(meta.page, meta.pageSize, rows);
  const total = `${number.format(meta.total)}${meta.totalCapped ? '+' : ''}`;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, px: 1, py: 0.5 }}
      data-testid="bills-pager"
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
        onClick={onNext}
        disabled={!meta.nextCursor}
        aria-label={t('paging.next')}
        data-testid="page-next"
      >
        <ChevronRight />
      </IconButton>
    </Box>
  );
}
