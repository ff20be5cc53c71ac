import CloudOff from '@mui/icons-material/CloudOffOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { isApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { usePublicNews } from './api/get-public-news';
import { NewsBody } from './components/news-text';

/** Not found (404, a malformed link) or withdrawn (410) say so; anything else offers a retry. */
function Problem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('news');
  const status = isApiError(error) ? error.status : 0;
  const key = status === 410 ? 'withdrawn' : status === 404 || status === 400 ? 'notFound' : 'offline';
  const Icon = key === 'offline' ? CloudOff : SearchOff;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', mt: 2 }}
      data-testid={`news-${key}`}
    >
      <Icon color={key === 'offline' ? 'error' : 'primary'} sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
        {t(`public.${key}Title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t(`public.${key}`)}
      </Typography>
      {key === 'offline' && (
        <Button variant="contained" onClick={onRetry} sx={{ mt: 3 }}>
          {t('public.retry')}
        </Button>
      )}
    </Paper>
  );
}

function Article({ token }: { token: string }) {
  const { t } = useTranslation(['news', 'common']);
  const query = usePublicNews(token);
  const news = query.data;
  useEffect(() => {
    document.title = `${news?.title ?? t('public.title')} · ${t('common:appTitle')}`;
  }, [t, news?.title]);
  if (query.error) return <Problem error={query.error} onRetry={() => void query.refetch()} />;
  if (!news) return <LoadingScreen label={t('public.loading')} />;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 4 }, minWidth: 0 }}
      component="article"
      data-testid="public-news"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        {news.company.logoPath && (
          <Box
            component="img"
            src={news.company.logoPath}
            alt=""
            sx={{ width: 40, height: 40, objectFit: 'contain' }}
          />
        )}
        <Typography color="text.secondary" data-testid="public-news-from">
          {t('public.from', { company: news.company.name })}
        </Typography>
      </Box>
      <Typography
        variant="h5"
        component="h1"
        sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        data-testid="public-news-title"
      >
        {news.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="public-news-date">
        {formatDateTime(news.sentAt)}
      </Typography>
      {news.imagePath && (
        <Box
          component="img"
          src={news.imagePath}
          alt=""
          sx={{ width: '100%', maxHeight: 420, objectFit: 'contain', borderRadius: 2, mb: 2 }}
          data-testid="public-news-image"
        />
      )}
      <NewsBody text={news.body} testId="public-news-body" />
    </Paper>
  );
}

/**
 * A sent news item (/news/:token), linked from its WhatsApp message: no sign-in; the sender, the
 * title, when, the picture and the whole text with its links. Its own query provider (outside the shell).
 */
export default function PublicNewsPage() {
  const { token = '' } = useParams();
  return (
    <QueryClientProvider client={queryClient}>
      <Box
        sx={{ width: '100%', maxWidth: 720, mx: 'auto', py: { xs: 1, sm: 3 }, minWidth: 0 }}
        data-testid="public-news-page"
      >
        <Article token={token} />
      </Box>
    </QueryClientProvider>
  );
}
