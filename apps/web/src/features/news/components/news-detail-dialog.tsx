import Close from '@mui/icons-material/Close';
import Edit from '@mui/icons-material/Edit';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type News,
  type NewsDelivery,
  UNRECEIVED_STATUSES,
} from '@parking-hub/contracts/news';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { DataTable } from '../../../components/data-table';
import { DetailSection } from '../../../components/detail-section';
import { Fact, Facts } from '../../../components/facts';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { SearchField } from '../../../components/filters/search-field';
import { FULL_SCREEN_PAPER } from '../../../components/full-screen';
import { ErrorState } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { useDeliveries } from '../api/get-deliveries';
import { useNews } from '../api/get-news';
import { useResendNews, useWithdrawNews } from '../api/save-news';
import { DeliveryChip } from './delivery-chip';
import { NewsStatusChip } from './news-status-chip';
import { audienceText, NewsBody } from './news-text';

/** Per shop: its delivery status (a filter by status and a search), its number, sends and problem. */
function Deliveries({ news }: { news: News }) {
  const { t } = useTranslation('news');
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useDeliveries({ newsId: news.id, status: status || undefined, q: q || undefined, page });
  const counts = DELIVERY_STATUSES.filter((s) => news.deliveries[s]);
  return (
    <>
      <Box
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1.5 }}
        role="group"
        aria-label={t('filters.deliveryStatus')}
      >
        <Chip
          label={`${t('detail.shops', { count: news.shops })}`}
          color={status === '' ? 'primary' : 'default'}
          onClick={() => {
            setStatus('');
            setPage(1);
          }}
          data-testid="delivery-filter-all"
        />
        {counts.map((s) => (
          <Chip
            key={s}
            label={`${t(`delivery.${s}`)} ${news.deliveries[s]}`}
            color={status === s ? 'primary' : 'default'}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
            data-testid={`delivery-filter-${s}`}
          />
        ))}
      </Box>
      <Box sx={{ mb: 1.5, maxWidth: 420 }}>
        <SearchField
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
          placeholder={t('filters.deliverySearch')}
        />
      </Box>
      <DataTable<NewsDelivery>
        columns={[
          {
            key: 'shop',
            header: t('fields.shop'),
            primary: true,
            render: (d) => (
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="delivery-shop">
                  {d.shopName}
                </Typography>
                {d.shopCode && (
                  <Typography variant="body2" color="text.secondary">
                    {d.shopCode}
                  </Typography>
                )}
              </Box>
            ),
          },
          { key: 'whatsapp', header: t('fields.whatsapp'), render: (d) => d.whatsapp ?? '—' },
          {
            key: 'status',
            header: t('fields.status'),
            render: (d) => (
              <Box sx={{ minWidth: 0 }}>
                <DeliveryChip status={d.status} />
                {d.lastError && (
                  <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere', mt: 0.5 }}>
                    {d.lastError}
                  </Typography>
                )}
              </Box>
            ),
          },
          { key: 'attempts', header: t('fields.attempts'), align: 'right', render: (d) => d.attempts },
        ]}
        rows={query.data?.data}
        rowKey={(d) => d.shopId}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{ title: t('detail.emptyDeliveries') }}
        meta={query.data?.meta}
        onPageChange={setPage}
        data-testid="deliveries-table"
      />
    </>
  );
}

/**
 * A news item over the list (`?news=<id>`): what it says, who it went to and when, each shop's
 * delivery; edit, send again (to those who did not get it, or to all), open its page, withdraw.
 */
export function NewsDetailDialog({
  id,
  onClose,
  onEdit,
}: {
  id: string;
  onClose: () => void;
  onEdit: (news: News) => void;
}) {
  const { t } = useTranslation(['news', 'common']);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const query = useNews(id);
  const resend = useResendNews();
  const withdraw = useWithdrawNews();
  const news = query.data;
  const unreceived = news ? UNRECEIVED_STATUSES.reduce((n, s) => n + (news.deliveries[s] ?? 0), 0) : 0;

  const run = async (call: () => Promise<Parameters<typeof handleResponse>[0]>, close = false) => {
    try {
      handleResponse(await call());
      if (close) onClose();
    } catch (error) {
      handleError(error);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : undefined } }}
      aria-labelledby="news-detail-title"
    >
      <DialogTitle id="news-detail-title" sx={{ pr: 6 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <span style={{ overflowWrap: 'anywhere' }} data-testid="detail-title">
            {news?.title ?? t('detail.title')}
          </span>
          {news && <NewsStatusChip status={news.status} />}
        </Box>
        <IconButton
          aria-label={t('common:actions.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
          data-testid="detail-close"
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers data-testid="news-detail">
        {!news ? (
          query.error ? (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <>
              <Skeleton height={32} />
              <Skeleton height={96} />
            </>
          )
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
              {news.status !== 'WITHDRAWN' && (
                <Button
                  variant="outlined"
                  startIcon={<Edit />}
                  onClick={() => onEdit(news)}
                  data-testid="detail-edit"
                >
                  {t('actions.edit')}
                </Button>
              )}
              {news.status === 'SENT' && unreceived > 0 && (
                <Button
                  variant="contained"
                  startIcon={<Replay />}
                  disabled={resend.isPending}
                  onClick={() => void run(() => resend.mutateAsync({ id: news.id, to: 'UNRECEIVED' }))}
                  data-testid="detail-resend"
                >
                  {t('actions.resendUnreceived')}
                </Button>
              )}
              {news.status === 'SENT' && (
                <ConfirmButton
                  title={t('actions.resendAll')}
                  text={t('detail.resendAllConfirm')}
                  variant="outlined"
                  loading={resend.isPending}
                  onConfirm={() => run(() => resend.mutateAsync({ id: news.id, to: 'ALL' }))}
                  data-testid="detail-resend-all"
                />
              )}
              {news.status === 'SENT' && (
                <Button
                  startIcon={<OpenInNew />}
                  href={news.publicPath}
                  target="_blank"
                  rel="noopener"
                  data-testid="detail-open-page"
                >
                  {t('actions.openPage')}
                </Button>
              )}
              {news.status !== 'WITHDRAWN' && (
                <ConfirmButton
                  title={t('actions.withdraw')}
                  text={t('detail.withdrawConfirm')}
                  color="error"
                  loading={withdraw.isPending}
                  onConfirm={() => run(() => withdraw.mutateAsync(news.id), true)}
                  data-testid="detail-withdraw"
                />
              )}
            </Box>
            <Facts columns={{ xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' }}>
              <Fact label={t('detail.audience')} testId="detail-audience">
                {audienceText(t, news)}
                {news.audience === 'SHOPS' && `: ${news.shopNames.join(', ')}`}
              </Fact>
              <Fact label={news.sentAt ? t('detail.sentAt') : t('detail.publishAt')} testId="detail-when">
                {formatDateTime(news.sentAt ?? news.publishAt) || '—'}
              </Fact>
              <Fact label={t('detail.createdBy')}>{news.createdByName ?? '—'}</Fact>
            </Facts>
            <Box sx={{ mt: 2, display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
              {news.imagePath && (
                <Box
                  component="img"
                  src={news.imagePath}
                  alt=""
                  sx={{ width: { xs: '100%', sm: 200 }, maxHeight: 200, objectFit: 'cover', borderRadius: 2 }}
                  data-testid="detail-image"
                />
              )}
              <NewsBody text={news.body} testId="detail-body" />
            </Box>
            <DetailSection title={t('detail.deliveries')}>
              {news.shops > 0 ? (
                <Deliveries news={news} />
              ) : (
                <Typography color="text.secondary" data-testid="detail-not-sent">
                  {t('detail.notSent')}
                </Typography>
              )}
            </DetailSection>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
