import CloudOff from '@mui/icons-material/CloudOffOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { isApiError } from '../../lib/api-error';
import { queryClient } from '../../lib/query-client';
import { usePublicInvoice } from './api/rent-api';
import { PublicInvoiceView } from './components/public-invoice-view';

/** 404 and a malformed link (400) read the same: this invoice cannot be found. */
function Problem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('rent');
  const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
  const key = notFound ? 'notFound' : 'offline';
  const Icon = notFound ? SearchOff : CloudOff;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', mt: 2 }}
      data-testid={`invoice-${key}`}
    >
      <Icon color={notFound ? 'primary' : 'error'} sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
        {t(`public.${key}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t(`public.${key}.text`)}
      </Typography>
      {!notFound && (
        <Button variant="contained" onClick={onRetry} sx={{ mt: 3 }}>
          {t('public.retry')}
        </Button>
      )}
    </Paper>
  );
}

function Invoice({ token }: { token: string }) {
  const { t } = useTranslation(['rent', 'common']);
  const query = usePublicInvoice(token);
  const [params] = useSearchParams();
  const printed = useRef(false);
  const number = query.data?.number;

  useEffect(() => {
    const what = number ? t('public.docTitle', { number }) : t('public.title');
    document.title = `${what} · ${t('common:appTitle')}`;
  }, [t, number]);

  // Opened from the back office's Print: the print dialog comes up once the invoice is drawn.
  useEffect(() => {
    if (!number || printed.current || params.get('print') !== '1') return;
    printed.current = true;
    const timer = setTimeout(() => window.print(), 300);
    return () => clearTimeout(timer);
  }, [number, params]);

  if (query.data) return <PublicInvoiceView invoice={query.data} />;
  if (query.error) return <Problem error={query.error} onRetry={() => void query.refetch()} />;
  return <LoadingScreen label={t('public.loading')} />;
}

/**
 * The shop's rent invoice (/invoice/:token), linked from the WhatsApp message: no sign-in; the
 * company, the lines and sums, a Lao QR for what is due; printable on A4. It brings its own
 * TanStack Query provider (it is outside the signed-in shell).
 */
export default function PublicInvoicePage() {
  const { token = '' } = useParams();
  return (
    <QueryClientProvider client={queryClient}>
      <Box
        sx={{ width: '100%', maxWidth: 820, mx: 'auto', py: { xs: 1, sm: 3 }, minWidth: 0 }}
        data-testid="public-invoice-page"
      >
        <Invoice token={token} />
      </Box>
    </QueryClientProvider>
  );
}
