import Add from '@mui/icons-material/Add';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { InvoiceStatus } from '@parking-hub/contracts/rent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { ConfirmButton } from '../../components/confirm-button';
import { DataTable } from '../../components/data-table';
import { handleError, handleResponse } from '../../components/feedback/handle-response';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session-store';
import { useSearchFilters } from '../../lib/use-search-filters';
import { useDailySummary, useRentReport } from './api/rent-api';
import { ChargesTab } from './components/charges-tab';
import { GenerateDialog } from './components/generate-dialog';
import { invoiceColumns } from './components/invoice-columns';
import { InvoiceDetailDialog, type RentRole } from './components/invoice-detail-dialog';
import { RENT_FILTER_KEYS, RentFilters, type RentFilterValues } from './components/rent-filters';
import { RentTotals } from './components/rent-totals';
import { ShopStaffNotice } from './components/shop-staff-notice';
import { WalletCard } from './components/wallet-card';

function roleOf(role: string): RentRole | 'shop' {
  if (role === 'ADMIN' || role === 'SUPER-ADMIN') return 'admin';
  if (role === 'AGENT') return 'agent';
  if (role === 'MANAGER') return 'manager';
  return 'shop';
}

function Invoices({
  role,
  values,
  page,
  setFilters,
  setPage,
}: {
  role: RentRole;
  values: RentFilterValues;
  page: number;
  setFilters: (next: Partial<RentFilterValues>) => void;
  setPage: (page: number) => void;
}) {
  const { t } = useTranslation('rent');
  const [open, setOpen] = useState<string | null>(null);
  const admin = role === 'admin';
  const query = useRentReport({
    page,
    month: values.month || undefined,
    status: (values.status || undefined) as InvoiceStatus | undefined,
    overdue: values.overdue === '1' || undefined,
    agentId: (admin && values.agentId) || undefined,
    shopId: (role !== 'manager' && values.shopId) || undefined,
    q: values.q || undefined,
  });
  const filtered = RENT_FILTER_KEYS.some((k) => k !== 'tab' && values[k]);
  return (
    <>
      {role === 'manager' && <WalletCard />}
      <RentFilters values={values} onChange={setFilters} admin={admin} oneShop={role === 'manager'} />
      <RentTotals totals={query.data?.meta?.totals} failed={!!query.error} />
      <DataTable
        columns={invoiceColumns(t, role !== 'manager')}
        rows={query.data?.data}
        rowKey={(i) => i.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: t(filtered ? 'empty.filtered' : 'empty.title'),
          hint: t(filtered ? 'empty.filteredHint' : 'empty.hint'),
        }}
        meta={query.data?.meta}
        onPageChange={setPage}
        onRowClick={(i) => setOpen(i.id)}
        data-testid="invoices-table"
      />
      {open && <InvoiceDetailDialog invoiceId={open} role={role} onClose={() => setOpen(null)} />}
    </>
  );
}

/**
 * /app/rent: the platform's monthly rent invoices. Admins see every shop's, make a month's
 * invoices, record and reverse payments, adjust and void, keep the one-off charges and send the
 * daily summary; agents read their shops' and send them; a manager sees their shop's with the
 * wallet balance and pays from it (or by Lao QR). SHOP staff are told rent is the manager's.
 */
export default function RentPage() {
  const { t } = useTranslation('rent');
  const title = useScreenTitle();
  const role = roleOf(useSession((s) => s.role));
  const { values, page, setFilters, setPage } = useSearchFilters(RENT_FILTER_KEYS);
  const [generating, setGenerating] = useState(false);
  const daily = useDailySummary();
  const admin = role === 'admin';
  const tab = admin && values.tab === 'charges' ? 'charges' : 'invoices';

  if (role === 'shop')
    return (
      <>
        <PageHeader title={title} />
        <ShopStaffNotice />
      </>
    );

  return (
    <>
      <PageHeader
        title={title}
        actionsBelowOnPhone
        actions={
          admin && (
            <>
              <ConfirmButton
                variant="outlined"
                title={t('daily.title')}
                text={t('daily.text')}
                loading={daily.isPending}
                onConfirm={async () => {
                  try {
                    handleResponse(await daily.mutateAsync({}));
                  } catch (error) {
                    handleError(error);
                  }
                }}
                data-testid="daily-summary"
              >
                <SummarizeOutlined fontSize="small" sx={{ mr: 0.5 }} />
                {t('actions.dailySummary')}
              </ConfirmButton>
              <Button
                variant="contained"
                startIcon={<Add />}
                onClick={() => setGenerating(true)}
                data-testid="generate-open"
              >
                {t('actions.generate')}
              </Button>
            </>
          )
        }
      />
      {admin && (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs
            value={tab}
            onChange={(_e, next: string) =>
              setFilters({ tab: next === 'charges' ? 'charges' : '', shopId: '' })
            }
            aria-label={title}
          >
            <Tab value="invoices" label={t('tabs.invoices')} data-testid="rent-tab-invoices" />
            <Tab value="charges" label={t('tabs.charges')} data-testid="rent-tab-charges" />
          </Tabs>
        </Box>
      )}
      {tab === 'charges' ? (
        <ChargesTab
          shopId={values.shopId}
          page={page}
          setShop={(shopId) => setFilters({ shopId })}
          setPage={setPage}
        />
      ) : (
        <Invoices role={role} values={values} page={page} setFilters={setFilters} setPage={setPage} />
      )}
      {generating && (
        <GenerateDialog onClose={() => setGenerating(false)} onDone={(month) => setFilters({ month })} />
      )}
    </>
  );
}
