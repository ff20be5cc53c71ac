import AddCard from '@mui/icons-material/AddCard';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Tune from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { WALLET_ENTRY_KINDS, type WalletBalance, type WalletEntry } from '@parking-hub/contracts/finance';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { ErrorState } from '../../../components/states';
import { formatDateTime, formatKip } from '../../../lib/format';
import { useWalletLedger } from '../api/get-wallets';
import { signedKip } from '../wallet-format';
import { EntryKindChip } from './entry-kind-chip';
import { FigureCard, FigureGrid } from './figure-card';

function columns(t: TFunction): Column<WalletEntry>[] {
  const details = (e: WalletEntry) =>
    [e.method ? t(`wallet.methods.${e.method}`, { defaultValue: e.method }) : null, e.reference, e.note]
      .filter(Boolean)
      .join(' · ');
  return [
    {
      key: 'when',
      header: t('wallet.columns.when'),
      primary: true,
      render: (e) => (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="entry-when">
            {formatDateTime(e.createdAt)}
          </Box>
          <EntryKindChip kind={e.kind} />
        </Box>
      ),
    },
    {
      key: 'amount',
      header: t('wallet.columns.amount'),
      align: 'right',
      render: (e) => (
        <Box
          component="span"
          sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: e.amount < 0 ? 'error.main' : 'primary.main' }}
          data-testid="entry-amount"
        >
          {signedKip(e.amount)}
        </Box>
      ),
    },
    {
      key: 'balanceAfter',
      header: t('wallet.columns.balanceAfter'),
      align: 'right',
      render: (e) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="entry-balance">
          {formatKip(e.balanceAfter)}
        </Box>
      ),
    },
    {
      key: 'invoice',
      header: t('wallet.columns.invoice'),
      render: (e) => (
        <Box component="span" data-testid="entry-invoice">
          {e.invoiceNumber ?? '—'}
        </Box>
      ),
    },
    { key: 'details', header: t('wallet.columns.details'), render: (e) => details(e) || '—' },
    { key: 'who', header: t('wallet.columns.who'), render: (e) => e.createdByName ?? t('wallet.system') },
  ];
}

/** One shop's wallet: its balance and what it owes, the ledger newest first (by kind), top-up and adjust. */
export function WalletLedger({
  shopId,
  kind,
  page,
  admin,
  onBack,
  onKind,
  onPage,
  onTopUp,
  onAdjust,
}: {
  shopId: string;
  kind: string;
  page: number;
  admin: boolean;
  onBack: () => void;
  onKind: (kind: string) => void;
  onPage: (page: number) => void;
  onTopUp: (w: WalletBalance) => void;
  onAdjust: (w: WalletBalance) => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const query = useWalletLedger({
    shopId,
    page,
    kind: (WALLET_ENTRY_KINDS as readonly string[]).includes(kind)
      ? (kind as WalletEntry['kind'])
      : undefined,
  });
  const wallet = query.data?.data?.wallet;
  const back = (
    <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ mb: 1 }} data-testid="wallet-back">
      {t('wallet.actions.back')}
    </Button>
  );
  if (query.error && !query.data)
    return (
      <>
        {back}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  return (
    <>
      {back}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }} data-testid="ledger-shop">
            {wallet?.shopName ?? '…'}
          </Typography>
          {wallet && (
            <Typography variant="body2" color="text.secondary">
              {[wallet.shopCode, wallet.agentName].filter(Boolean).join(' · ')}
            </Typography>
          )}
        </Box>
        {admin && wallet && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<Tune />}
              onClick={() => onAdjust(wallet)}
              data-testid="ledger-adjust"
            >
              {t('wallet.actions.adjust')}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddCard />}
              onClick={() => onTopUp(wallet)}
              data-testid="ledger-top-up"
            >
              {t('wallet.actions.topUp')}
            </Button>
          </Box>
        )}
      </Box>
      <FigureGrid>
        <FigureCard
          label={t('wallet.columns.balance')}
          value={wallet ? formatKip(wallet.balance) : '…'}
          testId="ledger-balance"
        />
        <FigureCard
          label={t('wallet.columns.due')}
          value={wallet ? formatKip(wallet.due) : '…'}
          tone={wallet && wallet.due > 0 ? 'error.main' : undefined}
          testId="ledger-due"
        />
      </FigureGrid>
      <Box
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
        role="group"
        aria-label={t('wallet.columns.kind')}
      >
        {['', ...WALLET_ENTRY_KINDS].map((k) => (
          <Chip
            key={k || 'all'}
            label={k ? t(`wallet.kinds.${k}`) : t('common:actions.all')}
            color={kind === k ? 'primary' : 'default'}
            variant={kind === k ? 'filled' : 'outlined'}
            aria-pressed={kind === k}
            onClick={() => onKind(k)}
            data-testid={`kind-${k || 'all'}`}
          />
        ))}
      </Box>
      <DataTable
        columns={columns(t)}
        rows={query.data?.data?.entries}
        rowKey={(e) => e.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: t(kind ? 'wallet.empty.ledgerKind' : 'wallet.empty.ledger'),
          hint: admin ? t('wallet.empty.ledgerHint') : undefined,
        }}
        meta={query.data?.meta}
        onPageChange={onPage}
        data-testid="ledger-table"
      />
    </>
  );
}
