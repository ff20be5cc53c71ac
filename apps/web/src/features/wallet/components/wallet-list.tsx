import AddCard from '@mui/icons-material/AddCard';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { WalletBalance } from '@parking-hub/contracts/finance';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { SearchField } from '../../../components/filters/search-field';
import { formatDateTime, formatKip } from '../../../lib/format';
import { useWallets } from '../api/get-wallets';
import { FigureCard, FigureGrid } from './figure-card';

function columns(
  t: TFunction,
  admin: boolean,
  onLedger: (w: WalletBalance) => void,
  onTopUp: (w: WalletBalance) => void,
): Column<WalletBalance>[] {
  return [
    {
      key: 'shop',
      header: t('wallet.columns.shop'),
      primary: true,
      render: (w) => (
        <Box sx={{ minWidth: 0 }}>
          <Box component="span" data-testid="wallet-shop">
            {w.shopName}
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {w.shopCode}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'balance',
      header: t('wallet.columns.balance'),
      align: 'right',
      render: (w) => (
        <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="wallet-balance">
          {formatKip(w.balance)}
        </Box>
      ),
    },
    {
      key: 'due',
      header: t('wallet.columns.due'),
      align: 'right',
      render: (w) => (
        <Box
          component="span"
          sx={{ whiteSpace: 'nowrap', color: w.due > 0 ? 'error.main' : 'text.secondary' }}
          data-testid="wallet-due"
        >
          {formatKip(w.due)}
        </Box>
      ),
    },
    { key: 'agent', header: t('wallet.columns.agent'), render: (w) => w.agentName ?? '—' },
    {
      key: 'updatedAt',
      header: t('wallet.columns.updatedAt'),
      render: (w) => (w.updatedAt ? formatDateTime(w.updatedAt) : t('wallet.never')),
    },
    {
      key: 'actions',
      header: '',
      actions: true,
      align: 'right',
      render: (w) => (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button
            size="small"
            startIcon={<ReceiptLong />}
            onClick={() => onLedger(w)}
            data-testid="wallet-open"
          >
            {t('wallet.actions.ledger')}
          </Button>
          {admin && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<AddCard />}
              onClick={() => onTopUp(w)}
              data-testid="wallet-top-up"
            >
              {t('wallet.actions.topUp')}
            </Button>
          )}
        </Box>
      ),
    },
  ];
}

/** Every main shop's balance and what its invoices still owe; the sum over all of them on top. */
export function WalletList({
  q,
  page,
  admin,
  onSearch,
  onPage,
  onLedger,
  onTopUp,
}: {
  q: string;
  page: number;
  admin: boolean;
  onSearch: (q: string) => void;
  onPage: (page: number) => void;
  onLedger: (w: WalletBalance) => void;
  onTopUp: (w: WalletBalance) => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const query = useWallets({ page, q: q || undefined });
  const data = query.data?.data;
  return (
    <>
      <FigureGrid>
        <FigureCard
          label={t('wallet.totalBalance')}
          value={data ? formatKip(data.totalBalance) : query.isError ? '—' : '…'}
          testId="wallet-total"
        />
        <FigureCard
          label={t('wallet.shops')}
          value={query.data?.meta ? query.data.meta.total.toLocaleString('en-US') : query.isError ? '—' : '…'}
          testId="wallet-count"
        />
      </FigureGrid>
      <Box
        sx={{ mb: 2, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 420px)' } }}
      >
        <SearchField value={q} onChange={onSearch} placeholder={t('wallet.searchHint')} />
      </Box>
      <DataTable
        columns={columns(t, admin, onLedger, onTopUp)}
        rows={data?.wallets}
        rowKey={(w) => w.shopId}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: t(q ? 'wallet.empty.filtered' : 'wallet.empty.title'),
          hint: t(q ? 'wallet.empty.filteredHint' : 'wallet.empty.hint'),
        }}
        meta={query.data?.meta}
        onPageChange={onPage}
        onRowClick={onLedger}
        data-testid="wallets-table"
      />
    </>
  );
}
