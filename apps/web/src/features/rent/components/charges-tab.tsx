import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Charge } from '@parking-hub/contracts/rent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { type Column, DataTable } from '../../../components/data-table';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import { formatDateTime, formatKip } from '../../../lib/format';
import { formatMonth } from '../../../lib/months';
import { useCharges, useDeleteCharge } from '../api/rent-api';
import { lineText } from '../rent-format';
import { ChargeDialog } from './charge-dialog';

/** Admins: the one-off charges no invoice has picked up yet; add one, delete one. */
export function ChargesTab({
  shopId,
  page,
  setShop,
  setPage,
}: {
  shopId: string;
  page: number;
  setShop: (shopId: string) => void;
  setPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation('rent');
  const [adding, setAdding] = useState(false);
  const query = useCharges({ page, pending: true, shopId: shopId || undefined });
  const remove = useDeleteCharge();
  const columns: Column<Charge>[] = [
    {
      key: 'shop',
      header: t('fields.shop'),
      primary: true,
      render: (c) => <Box sx={{ overflowWrap: 'anywhere' }}>{c.shopName}</Box>,
    },
    {
      key: 'description',
      header: t('fields.description'),
      render: (c) => <span data-testid="charge-text">{lineText(c, i18n.language)}</span>,
    },
    {
      key: 'quantity',
      header: t('fields.quantity'),
      align: 'right',
      render: (c) => c.quantity.toLocaleString('en-US'),
    },
    {
      key: 'amount',
      header: t('fields.amount'),
      align: 'right',
      render: (c) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatKip(c.amount)}
        </Box>
      ),
    },
    { key: 'month', header: t('fields.invoiceMonth'), render: (c) => formatMonth(c.month) },
    { key: 'createdAt', header: t('fields.createdAt'), render: (c) => formatDateTime(c.createdAt) },
    {
      key: 'actions',
      header: '',
      actions: true,
      align: 'right',
      render: (c) => (
        <ConfirmButton
          icon={<DeleteOutline />}
          title={t('charges.deleteTitle')}
          text={`${c.shopName} · ${lineText(c, i18n.language)} · ${formatKip(c.amount)}`}
          color="error"
          onConfirm={async () => {
            try {
              handleResponse(await remove.mutateAsync(c.id));
            } catch (error) {
              handleError(error);
            }
          }}
          data-testid="charge-delete"
        />
      ),
    },
  ];
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0, maxWidth: 420 }}>
          <ShopPicker
            label={t('fields.shop')}
            placeholder={t('filters.allShops')}
            shrinkLabel
            value={shopId || null}
            onChange={(shop) => setShop(shop?.id ?? '')}
            data-testid="charges-shop"
          />
        </Box>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setAdding(true)}
          data-testid="charge-add"
        >
          {t('actions.addCharge')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('charges.hint')}
      </Typography>
      <DataTable
        columns={columns}
        rows={query.data?.data}
        rowKey={(c) => c.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{ title: t('charges.empty'), hint: t('charges.emptyHint') }}
        meta={query.data?.meta}
        onPageChange={setPage}
        data-testid="charges-table"
      />
      {adding && <ChargeDialog onClose={() => setAdding(false)} />}
    </>
  );
}
