import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { Shop, ShopStatus } from '@parking-hub/contracts/shops';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session-store';
import { useShops } from './api/get-shops';
import { shopColumns } from './components/shop-columns';
import { ShopDetailDialog } from './components/shop-detail-dialog';
import { ShopFilters } from './components/shop-filters';
import { ShopFormDialog, type ShopFormTarget } from './components/shop-form-dialog';
import { canCreateShop, isAdmin } from './shop-access';
import { useShopsUrl } from './use-shops-url';

/** /app/shops: the shops in the caller's scope; a shop's detail opens over the list (`?shop=`). */
export default function ShopsPage() {
  const { t } = useTranslation(['shops', 'common']);
  const title = useScreenTitle();
  const role = useSession((s) => s.role);
  const url = useShopsUrl();
  const { values } = url;
  const admin = isAdmin(role);
  const [form, setForm] = useState<ShopFormTarget | null>(null);
  const query = useShops({
    page: url.page,
    q: values.q || undefined,
    status: (values.status || undefined) as ShopStatus | undefined,
    agentId: (admin && values.agentId) || undefined,
  });
  const rows = query.data?.data;
  const actions = {
    onOpen: (shop: Shop) => url.openShop(shop.id),
    onEdit: (shop: Shop) => setForm({ kind: 'edit', shop }),
    onAddBranch: (parent: Shop) => setForm({ kind: 'branch', parent }),
  };
  const agentName = values.agentId
    ? (rows?.find((s) => s.agentId === values.agentId)?.agentName ?? null)
    : null;
  const filtered = Object.values(values).some(Boolean);

  return (
    <>
      <PageHeader
        title={title}
        subtitle={query.data?.meta ? t('count', { count: query.data.meta.total }) : undefined}
        actions={
          canCreateShop(role) && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setForm({ kind: 'create' })}
              data-testid="shop-create"
            >
              {t('actions.create')}
            </Button>
          )
        }
      />
      <ShopFilters values={values} onChange={url.setFilters} showAgent={admin} agentName={agentName} />
      <DataTable
        columns={shopColumns(t, role, admin, actions)}
        rows={rows}
        rowKey={(s) => s.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: t(filtered ? 'empty.filtered' : 'empty.title'),
          hint: filtered ? t('empty.filteredHint') : canCreateShop(role) ? t('empty.hint') : undefined,
        }}
        meta={query.data?.meta}
        onPageChange={url.setPage}
        onRowClick={actions.onOpen}
        data-testid="shops-table"
      />
      {url.shopId && (
        <ShopDetailDialog
          key={url.shopId}
          id={url.shopId}
          onClose={url.closeShop}
          actions={{ onOpenShop: url.openShop, onEdit: actions.onEdit, onAddBranch: actions.onAddBranch }}
        />
      )}
      {form && <ShopFormDialog target={form} onClose={() => setForm(null)} />}
    </>
  );
}
