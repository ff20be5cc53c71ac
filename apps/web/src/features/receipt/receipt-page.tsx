import Box from '@mui/material/Box';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { queryClient } from '../../lib/query-client';
import { usePublicBill } from './api/get-public-bill';
import { ReceiptCompany } from './components/receipt-company';
import { ReceiptProblem } from './components/receipt-problem';
import { ReceiptView } from './components/receipt-view';

function Receipt({ reference }: { reference: string }) {
  const { t } = useTranslation(['receipt', 'common']);
  const query = usePublicBill(reference);
  const number = query.data?.bill.number;

  useEffect(() => {
    const what = number ? t('billNumber', { number }) : t('title');
    document.title = `${what} · ${t('common:appTitle')}`;
  }, [t, number]);

  // A failed refresh keeps the receipt already shown; only a first load that fails says so.
  if (query.data)
    return (
      <>
        <ReceiptView receipt={query.data} />
        <ReceiptCompany />
      </>
    );
  if (query.error) return <ReceiptProblem error={query.error} onRetry={() => void query.refetch()} />;
  return <LoadingScreen label={t('loading')} />;
}

/**
 * The customer's e-receipt (/bill/:referenceBill), opened from the QR on the paper ticket. Public:
 * it sits outside the signed-in shell, so it brings its own TanStack Query provider.
 */
export default function ReceiptPage() {
  const { referenceBill = '' } = useParams();
  return (
    <QueryClientProvider client={queryClient}>
      <Box sx={{ width: '100%', maxWidth: 480, mx: 'auto', py: { xs: 1, sm: 3 } }} data-testid="receipt">
        <Receipt reference={referenceBill} />
      </Box>
    </QueryClientProvider>
  );
}
