import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DELIVERY_STATUSES, type DeliveryStatus, type News } from '@parking-hub/contracts/news';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { NewsImage } from './news-image';
import { NewsStatusChip } from './news-status-chip';
import { audienceText } from './news-text';

type T = TFunction<'news'>;

/** The deliveries of a sent item in a few words: "12 delivered · 3 read · 1 failed". */
export function deliverySummary(t: T, n: News): string {
  if (n.shops === 0) return '—';
  return DELIVERY_STATUSES.filter((s) => n.deliveries[s])
    .map((s) => `${n.deliveries[s]} ${t(`delivery.${s as DeliveryStatus}`)}`)
    .join(' · ');
}

export function newsColumns(t: T): Column<News>[] {
  return [
    {
      key: 'title',
      header: t('fields.title'),
      primary: true,
      render: (n) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <NewsImage src={n.imagePath} title={n.title} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="news-title">
              {n.title}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                overflow: 'hidden',
                display: '-webkit-box',
                WebkitLineClamp: 1,
                WebkitBoxOrient: 'vertical',
                overflowWrap: 'anywhere',
              }}
            >
              {n.body}
            </Typography>
          </Box>
        </Box>
      ),
    },
    { key: 'status', header: t('fields.status'), render: (n) => <NewsStatusChip status={n.status} /> },
    {
      key: 'audience',
      header: t('fields.audience'),
      render: (n) => <span data-testid="news-audience">{audienceText(t, n)}</span>,
    },
    {
      key: 'when',
      header: t('fields.when'),
      render: (n) => formatDateTime(n.sentAt ?? n.publishAt ?? n.createdAt),
    },
    {
      key: 'deliveries',
      header: t('fields.deliveries'),
      render: (n) => <span data-testid="news-deliveries">{deliverySummary(t, n)}</span>,
    },
  ];
}
