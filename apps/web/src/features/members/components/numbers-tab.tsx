import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type MemberNumberRow, NUMBER_STATUSES, type NumberStatus } from '@parking-hub/contracts/members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { type Column, DataTable } from '../../../components/data-table';
import { handleError } from '../../../components/feedback/handle-response';
import { SHORT_TOAST_DURATION_MS, toast } from '../../../components/feedback/toast-store';
import { FilterSelect } from '../../../components/filters/filter-select';
import { SearchField } from '../../../components/filters/search-field';
import { EmptyState } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { useNumbers } from '../api/get-numbers';
import { useDeleteNumber } from '../api/save-numbers';
import { deletableNumber } from '../member-format';
import { FilterPanel } from './filter-panel';
import { NumberStatusChip } from './member-status-chip';
import { NumbersDialog } from './numbers-dialog';

export interface NumberFilterValues {
  shopId: string;
  q: string;
  numberStatus: string;
}

/** The pool of card numbers (managers and above): filters, the paged list, new ranges, delete. */
export function NumbersTab({
  values,
  page,
  setFilters,
  setPage,
  workShop,
  pickShop,
}: {
  values: NumberFilterValues;
  page: number;
  setFilters: (next: Partial<NumberFilterValues>) => void;
  setPage: (page: number) => void;
  workShop: string | null;
  pickShop: boolean;
}) {
  const { t } = useTranslation(['members', 'common']);
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const [creating, setCreating] = useState(false);
  const remove = useDeleteNumber();
  const status = (NUMBER_STATUSES as readonly string[]).includes(values.numberStatus)
    ? (values.numberStatus as NumberStatus)
    : undefined;
  // A pool is a shop's: with none chosen (admins, agents) there is nothing to list yet.
  const shop = values.shopId || workShop;
  const query = useNumbers(
    { page, shopId: shop ?? undefined, status, search: values.q || undefined },
    !!shop,
  );

  const drop = async (row: MemberNumberRow) => {
    try {
      const envelope = await remove.mutateAsync(row.id);
      const outcome = envelope.data?.outcome;
      toast.success(
        t(outcome === 'RETIRED' ? 'numbers.retired' : 'numbers.removed', { number: row.number }),
        SHORT_TOAST_DURATION_MS,
      );
    } catch (error) {
      handleError(error);
    }
  };

  const remover = (n: MemberNumberRow) =>
    deletableNumber(n.status) ? (
      <ConfirmButton
        icon={<DeleteOutline />}
        color="error"
        title={t('numbers.delete', { number: n.number })}
        text={t(n.used ? 'numbers.deleteRetires' : 'numbers.deleteRemoves')}
        confirmText={t('common:actions.delete')}
        onConfirm={() => drop(n)}
        data-testid="pool-delete"
      />
    ) : null;
  const number = (n: MemberNumberRow) => (
    <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="pool-number">
      {n.number}
    </Typography>
  );
  // A pool holds hundreds of cards: on a phone each is one line (number, state, holder, delete).
  const columns: Column<MemberNumberRow>[] = phone
    ? [
        {
          key: 'number',
          header: t('fields.number'),
          primary: true,
          render: (n) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40, fontWeight: 400 }}>
              {number(n)}
              <NumberStatusChip status={n.status} />
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }} noWrap>
                {n.memberName}
              </Typography>
              {remover(n)}
            </Box>
          ),
        },
      ]
    : [
        { key: 'number', header: t('fields.number'), render: number },
        { key: 'status', header: t('fields.status'), render: (n) => <NumberStatusChip status={n.status} /> },
        { key: 'holder', header: t('numbers.holder'), render: (n) => n.memberName ?? '—' },
        { key: 'created', header: t('numbers.createdAt'), render: (n) => formatDate(n.createdAt) },
        { key: 'actions', header: '', align: 'right', render: remover },
      ];

  const filtered = !!(values.q || status);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setCreating(true)}
          data-testid="numbers-create"
        >
          {t('actions.createNumbers')}
        </Button>
      </Box>
      <FilterPanel
        shopId={values.shopId}
        onShop={(shopId) => setFilters({ shopId })}
        pickShop={pickShop}
        columns={3}
        testId="numbers-filter-shop"
      >
        <SearchField
          value={values.q}
          onChange={(q) => setFilters({ q })}
          placeholder={t('numbers.searchHint')}
        />
        <FilterSelect
          label={t('fields.status')}
          value={status ?? ''}
          onChange={(numberStatus) => setFilters({ numberStatus })}
          options={NUMBER_STATUSES.map((s) => ({ value: s, label: t(`numberStatus.${s}`) }))}
          data-testid="numbers-filter-status"
        />
      </FilterPanel>
      {!shop ? (
        <Paper variant="outlined">
          <EmptyState title={t('empty.chooseShop')} hint={t('empty.chooseShopHint')} />
        </Paper>
      ) : (
        <DataTable
          columns={columns}
          rows={query.data?.data}
          rowKey={(n) => n.id}
          loading={query.isLoading}
          error={query.error}
          onRetry={() => void query.refetch()}
          empty={{
            title: filtered ? t('empty.numbersFiltered') : t('empty.numbers'),
            hint: filtered ? t('empty.filterHint') : t('empty.numbersHint'),
          }}
          meta={query.data?.meta}
          onPageChange={setPage}
          data-testid="numbers-list"
        />
      )}
      <NumbersDialog open={creating} shopId={shop} onClose={() => setCreating(false)} />
    </>
  );
}
