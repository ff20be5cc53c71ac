import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SerialRange, TicketCheckRow } from '@parking-hub/contracts/rolls';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import { formatMonth, monthsFrom } from '../../../lib/months';
import { getTicketCheck, useTicketCheck } from '../api/get-paper';
import { allPages, RollExport, sheetOf } from './roll-export';
import { showCount, showSerials, thisMonth } from './roll-format';

export interface CheckFilterValues {
  month: string;
  shopId: string;
  onlyFlagged: string;
}

/** The printed serials of the chosen shop's month that lie outside every delivered range. */
function OutsideSerials({ ranges }: { ranges: SerialRange[] | null | undefined }) {
  const { t } = useTranslation('rolls');
  if (!ranges) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="outside-serials">
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('check.serialsTitle')}
      </Typography>
      {ranges.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('check.serialsNone')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {ranges.map((r) => (
            <Typography component="li" key={r.first} sx={{ color: 'error.main' }} data-testid="outside-range">
              {showSerials(r.first, r.last)} · {t('fields.tickets')}: {showCount(r.tickets)}
            </Typography>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** This month and the 35 before it (and the chosen one, if a link names an older month). */
function monthChoices(chosen: string): string[] {
  const months = monthsFrom(thisMonth(), -36);
  return months.includes(chosen) ? months : [...months, chosen];
}

/** Tickets printed against tickets delivered per shop, for a month and through it; over-printing in red. */
export function TicketCheckTab({
  values,
  page,
  setFilters,
  setPage,
}: {
  values: CheckFilterValues;
  page: number;
  setFilters: (next: Partial<CheckFilterValues>) => void;
  setPage: (page: number) => void;
}) {
  const { t } = useTranslation('rolls');
  const month = values.month || thisMonth();
  const filters = {
    month,
    page,
    shopId: values.shopId || undefined,
    onlyFlagged: values.onlyFlagged === '1',
  };
  const query = useTicketCheck(filters);
  const data = query.data?.data;
  const red = (r: TicketCheckRow) => (r.flagged ? 'error.main' : undefined);
  const num = (pick: (r: TicketCheckRow) => number) => (r: TicketCheckRow) => (
    <Typography
      component="span"
      variant="body2"
      sx={{ color: red(r), fontWeight: r.flagged ? 600 : undefined }}
    >
      {showCount(pick(r))}
    </Typography>
  );
  const columns: Column<TicketCheckRow>[] = [
    {
      key: 'shop',
      header: t('fields.shop'),
      primary: true,
      render: (r) => (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, color: red(r), overflowWrap: 'anywhere' }}>
            {r.shopName}
          </Typography>
          <Chip
            size="small"
            color={r.flagged ? 'error' : 'success'}
            label={t(r.flagged ? 'state.flagged' : 'state.fine')}
            data-testid={r.flagged ? 'check-flag' : 'check-ok'}
          />
        </Box>
      ),
    },
    { key: 'balance', header: t('fields.balance'), align: 'right', render: num((r) => r.balance) },
    {
      key: 'deliveredMonth',
      header: t('fields.deliveredMonth'),
      align: 'right',
      render: num((r) => r.deliveredMonth),
    },
    {
      key: 'printedMonth',
      header: t('fields.printedMonth'),
      align: 'right',
      render: num((r) => r.printedMonth),
    },
    {
      key: 'deliveredTotal',
      header: t('fields.deliveredTotal'),
      align: 'right',
      render: num((r) => r.deliveredTotal),
    },
    {
      key: 'printedTotal',
      header: t('fields.printedTotal'),
      align: 'right',
      render: num((r) => r.printedTotal),
    },
  ];
  const exportSheet = async () => {
    const rows = await allPages(async (p) => {
      const envelope = await getTicketCheck({ ...filters, page: p, pageSize: 100 });
      return { data: envelope.data?.rows, meta: envelope.meta };
    });
    return sheetOf(
      `${t('files.check')} ${month}`,
      [
        { header: t('fields.shop'), cell: (r: TicketCheckRow) => r.shopName },
        { header: t('fields.state'), cell: (r) => t(r.flagged ? 'state.flagged' : 'state.fine') },
        { header: t('fields.deliveredMonth'), cell: (r) => r.deliveredMonth },
        { header: t('fields.printedMonth'), cell: (r) => r.printedMonth },
        { header: t('fields.deliveredTotal'), cell: (r) => r.deliveredTotal },
        { header: t('fields.printedTotal'), cell: (r) => r.printedTotal },
        { header: t('fields.balance'), cell: (r) => r.balance },
      ],
      rows,
    );
  };
  return (
    <>
      <Paper
        variant="outlined"
        sx={{
          p: 2,
          mb: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '200px 1fr auto' },
          alignItems: 'center',
        }}
      >
        <TextField
          select
          label={t('fields.month')}
          value={month}
          onChange={(e) => setFilters({ month: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'check-month' } }}
        >
          {monthChoices(month).map((m) => (
            <MenuItem key={m} value={m}>
              {formatMonth(m)}
            </MenuItem>
          ))}
        </TextField>
        <ShopPicker
          label={t('fields.shop')}
          value={values.shopId || null}
          onChange={(shop) => setFilters({ shopId: shop?.id ?? '' })}
          placeholder={t('common:actions.all')}
          shrinkLabel
          data-testid="check-shop"
        />
        <FormControlLabel
          control={
            <Switch
              checked={values.onlyFlagged === '1'}
              onChange={(e) => setFilters({ onlyFlagged: e.target.checked ? '1' : '' })}
              data-testid="only-flagged"
            />
          }
          label={t('actions.onlyFlagged')}
        />
      </Paper>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
        <RollExport sheet={exportSheet} fileName={`${t('files.check')}-${month}`} />
      </Box>
      {data && data.flaggedCount > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="check-summary">
          {t('check.summary', { count: data.flaggedCount })}
        </Alert>
      )}
      <DataTable
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => r.shopId}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{ title: t('empty.check') }}
        meta={query.data?.meta}
        onPageChange={setPage}
        data-testid="rolls-check-list"
      />
      {values.shopId ? (
        <OutsideSerials ranges={data?.outsideSerials} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('check.serialsPick')}
        </Typography>
      )}
    </>
  );
}
