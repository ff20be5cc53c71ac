import type { WalletBalance } from '@parking-hub/contracts/finance';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenTitle } from '../../app/use-screen-title';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session-store';
import { useSearchFilters } from '../../lib/use-search-filters';
import { AdjustDialog } from './components/adjust-dialog';
import { TopUpDialog } from './components/top-up-dialog';
import { WalletLedger } from './components/wallet-ledger';
import { WalletList } from './components/wallet-list';

const KEYS = ['q', 'shop', 'kind'] as const;
type Target = { kind: 'topUp' | 'adjust'; shop: Pick<WalletBalance, 'shopId' | 'shopName' | 'balance'> };

/**
 * /app/wallet: the main shops' balances (search and page in the URL); a shop's ledger
 * (`?shop=`, by kind); admins record top-ups and adjustments, each once whatever the clicks.
 */
export default function WalletPage() {
  const { t } = useTranslation('finance');
  const title = useScreenTitle();
  const role = useSession((s) => s.role);
  const admin = role === 'ADMIN' || role === 'SUPER-ADMIN';
  const { values, page, setFilters, setPage } = useSearchFilters(KEYS);
  const [target, setTarget] = useState<Target | null>(null);
  // A ledger opened from the list is a history entry of its own (the phone's Back returns to the
  // list), and the screen's back button returns to the list's search and page as they were.
  const navigate = useNavigate();
  const listSearch = useRef<string | null>(null);
  const openLedger = (shopId: string) => {
    listSearch.current = window.location.search;
    setFilters({ shop: shopId, kind: '' }, { push: true });
  };
  const back = () => {
    if (listSearch.current !== null) navigate({ search: listSearch.current });
    else setFilters({ shop: '', kind: '' });
    listSearch.current = null;
  };

  return (
    <>
      <PageHeader title={title} subtitle={t('wallet.subtitle')} />
      {values.shop ? (
        <WalletLedger
          shopId={values.shop}
          kind={values.kind}
          page={page}
          admin={admin}
          onBack={back}
          onKind={(kind) => setFilters({ kind })}
          onPage={setPage}
          onTopUp={(shop) => setTarget({ kind: 'topUp', shop })}
          onAdjust={(shop) => setTarget({ kind: 'adjust', shop })}
        />
      ) : (
        <WalletList
          q={values.q}
          page={page}
          admin={admin}
          onSearch={(q) => setFilters({ q })}
          onPage={setPage}
          onLedger={(w) => openLedger(w.shopId)}
          onTopUp={(shop) => setTarget({ kind: 'topUp', shop })}
        />
      )}
      {target?.kind === 'topUp' && <TopUpDialog shop={target.shop} onClose={() => setTarget(null)} />}
      {target?.kind === 'adjust' && <AdjustDialog shop={target.shop} onClose={() => setTarget(null)} />}
    </>
  );
}
