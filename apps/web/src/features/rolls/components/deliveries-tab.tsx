import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { RollDelivery, RollKind } from '@parking-hub/contracts/rolls';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { DateField } from '../../../components/filters/date-field';
import { FilterSelect } from '../../../components/filters/filter-select';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import { formatKip } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useStock } from '../api/get-paper';
import { getRolls, type RollFilters, useRolls } from '../api/get-rolls';
import { DeliveryDialog } from './delivery-dialog';
import { allPages, RollExport, sheetOf } from './roll-export';
import { dayCell, showCount, showDay, showSerials } from './roll-format';

export interface DeliveryFilterValues {
  shopId: string;
  personId: string;
  from: string;
  to: string;
}

/** Deliveries of one kind: filters (in the URL), the paged list, export, create and edit. */
export function DeliveriesTab({
  kind,
  values,
  page,
  setFilters,
  setPage,
}: {
  kind: RollKind;
  values: DeliveryFilterValues;
  page: number;
  setFilters: (next: Partial<DeliveryFilterValues>) => void;
  setPage: (page: number) => void;
}) {
  const { t } = useTranslation('rolls');
  const role = useSession((s) => s.role);
  const admin = role === 'ADMIN' || role === 'SUPER-ADMIN';
  const session = useSession();
  const [dialog, setDialog] = useState<{ delivery: RollDelivery | null } | null>(null);
  const agents = useStock().data?.data ?? [];
  const filters: RollFilters = {
    kind,
    page,
    shopId: kind === 'SHOP' ? values.shopId || undefined : undefined,
    personId: values.personId || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
  };
  const query = useRolls(filters);
  const editable = (d: RollDelivery) => admin || (d.kind === 'SHOP' && d.fromPersonId === session.userId);

  const source = (d: RollDelivery) =>
    d.fromPersonName ? t('source.stock', { name: d.fromPersonName }) : t('source.platform');
  const columns: Column<RollDelivery>[] = [
    {
      key: 'target',
      header: t(kind === 'SHOP' ? 'fields.shop' : 'fields.person'),
      primary: true,
      render: (d) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {d.shopName ?? d.personName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {showDay(d.deliveredOn)}
          </Typography>
        </Box>
      ),
    },
    ...(kind === 'SHOP' ? [{ key: 'source', header: t('fields.source'), render: source }] : []),
    { key: 'quantity', header: t('fields.quantity'), align: 'right', render: (d) => showCount(d.quantity) },
    { key: 'tickets', header: t('fields.tickets'), align: 'right', render: (d) => showCount(d.tickets) },
    {
      key: 'serials',
      header: t('fields.serials'),
      render: (d) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {showSerials(d.serialFirst, d.serialLast)}
        </Box>
      ),
    },
    {
      key: 'amount',
      header: t('fields.amount'),
      align: 'right',
      render: (d) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatKip(d.amount)}
        </Box>
      ),
    },
    { key: 'by', header: t('fields.deliveredBy'), render: (d) => d.deliveredByName ?? '—' },
    {
      key: 'actions',
      header: '',
      actions: true,
      align: 'right',
      render: (d) =>
        editable(d) ? (
          <Tooltip title={t('actions.edit')}>
            <IconButton
              aria-label={t('actions.edit')}
              onClick={() => setDialog({ delivery: d })}
              data-testid="roll-edit"
            >
              <Edit />
            </IconButton>
          </Tooltip>
        ) : null,
    },
  ];

  const exportSheet = async () => {
    const rows = await allPages((p) => getRolls({ ...filters, page: p, pageSize: 100 }));
    return sheetOf(
      t('files.deliveries'),
      [
        { header: t('fields.deliveredOn'), cell: (d: RollDelivery) => dayCell(d.deliveredOn) },
        {
          header: t(kind === 'SHOP' ? 'fields.shop' : 'fields.person'),
          cell: (d) => d.shopName ?? d.personName,
        },
        ...(kind === 'SHOP' ? [{ header: t('fields.source'), cell: source }] : []),
        { header: t('fields.quantity'), cell: (d) => d.quantity },
        { header: t('fields.ticketsPerRoll'), cell: (d) => d.ticketsPerRoll },
        { header: t('fields.tickets'), cell: (d) => d.tickets },
        { header: t('fields.serialFirst'), cell: (d) => d.serialFirst },
        { header: t('fields.serialLast'), cell: (d) => d.serialLast },
        { header: t('fields.unitPrice'), cell: (d) => d.unitPrice },
        { header: t('fields.amount'), cell: (d) => d.amount },
        { header: t('fields.deliveredBy'), cell: (d) => d.deliveredByName },
        { header: t('fields.note'), cell: (d) => d.note },
      ],
      rows,
    );
  };

  const canCreate = kind === 'SHOP' || admin;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
        {canCreate && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setDialog({ delivery: null })}
            data-testid={kind === 'SHOP' ? 'roll-create-shop' : 'roll-create-person'}
          >
            {t(kind === 'SHOP' ? 'actions.deliverShop' : 'actions.deliverPerson')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <RollExport sheet={exportSheet} fileName={`${t('files.deliveries')}-${kind.toLowerCase()}`} />
      </Box>
      <Paper
        variant="outlined"
        sx={{
          p: 2,
          mb: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        {kind === 'SHOP' && (
          <ShopPicker
            label={t('fields.shop')}
            value={values.shopId || null}
            onChange={(shop) => setFilters({ shopId: shop?.id ?? '' })}
            placeholder={t('common:actions.all')}
            shrinkLabel
            data-testid="rolls-filter-shop"
          />
        )}
        {admin && (
          <FilterSelect
            label={t('fields.person')}
            value={values.personId}
            onChange={(personId) => setFilters({ personId })}
            options={agents.map((a) => ({ value: a.personId, label: a.personName }))}
            data-testid="rolls-filter-person"
          />
        )}
        <DateField
          label={t('fields.from')}
          value={values.from}
          onChange={(from) => setFilters({ from })}
          testId="rolls-filter-from"
        />
        <DateField
          label={t('fields.to')}
          value={values.to}
          onChange={(to) => setFilters({ to })}
          testId="rolls-filter-to"
        />
      </Paper>
      <DataTable
        columns={columns}
        rows={query.data?.data}
        rowKey={(d) => d.id}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: t('empty.deliveries'),
          hint: Object.values(values).some(Boolean) ? t('empty.hint') : undefined,
        }}
        meta={query.data?.meta}
        onPageChange={setPage}
        data-testid={`rolls-${kind.toLowerCase()}-list`}
      />
      <DeliveryDialog
        open={dialog !== null}
        kind={kind}
        delivery={dialog?.delivery ?? null}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
