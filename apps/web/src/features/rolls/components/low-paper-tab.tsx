import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LowPaperRow } from '@parking-hub/contracts/rolls';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { useSession } from '../../../lib/session-store';
import { getLowPaper, useLowPaper, useRollSettings, useSaveRollSettings } from '../api/get-paper';
import { allPages, RollExport, sheetOf } from './roll-export';
import { dayCell, showCount, showDay } from './roll-format';

function stateOf(r: LowPaperRow): 'out' | 'low' | 'ok' {
  if (r.remaining <= 0) return 'out';
  return r.low ? 'low' : 'ok';
}

/** The admins' threshold: a shop is low when its paper lasts this many days or fewer. */
function LowDaysSetting() {
  const { t } = useTranslation('rolls');
  const settings = useRollSettings();
  const save = useSaveRollSettings();
  const [days, setDays] = useState('');
  useEffect(() => {
    if (settings.data?.data) setDays(String(settings.data.data.lowPaperDays));
  }, [settings.data]);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        type="number"
        label={t('fields.lowPaperDays')}
        value={days}
        onChange={(e) => setDays(e.target.value)}
        sx={{ width: { xs: '100%', sm: 260 } }}
        slotProps={{ htmlInput: { min: 0, max: 365, 'data-testid': 'low-days' } }}
      />
      <Button
        variant="outlined"
        disabled={save.isPending}
        onClick={() => save.mutateAsync({ lowPaperDays: Number(days) }).then(handleResponse, handleError)}
        data-testid="low-days-save"
      >
        {t('actions.saveSettings')}
      </Button>
    </Box>
  );
}

/** Every shop's remaining paper and days left at the last 14 days' pace; low ones first, in red. */
export function LowPaperTab({
  onlyLow,
  page,
  setFilters,
  setPage,
}: {
  onlyLow: boolean;
  page: number;
  setFilters: (next: { onlyLow?: string }) => void;
  setPage: (page: number) => void;
}) {
  const { t } = useTranslation('rolls');
  const role = useSession((s) => s.role);
  const query = useLowPaper({ page, onlyLow });
  const meta = query.data?.meta;
  const red = (r: LowPaperRow) => (r.low ? 'error.main' : undefined);
  const cell = (render: (r: LowPaperRow) => string) => (r: LowPaperRow) => (
    <Typography component="span" variant="body2" sx={{ color: red(r), fontWeight: r.low ? 600 : undefined }}>
      {render(r)}
    </Typography>
  );
  const columns: Column<LowPaperRow>[] = [
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
            color={r.low ? 'error' : 'success'}
            label={t(`state.${stateOf(r)}`)}
            data-testid={r.low ? 'low-flag' : 'ok-flag'}
          />
        </Box>
      ),
    },
    {
      key: 'remaining',
      header: t('fields.remaining'),
      align: 'right',
      render: cell((r) => showCount(r.remaining)),
    },
    {
      key: 'daysLeft',
      header: t('fields.daysLeft'),
      align: 'right',
      render: cell((r) => (r.daysLeft === null ? t('state.noPace') : showCount(r.daysLeft))),
    },
    { key: 'pace', header: t('fields.pace'), align: 'right', render: cell((r) => showCount(r.pacePerDay)) },
    {
      key: 'delivered',
      header: t('fields.delivered'),
      align: 'right',
      render: cell((r) => showCount(r.deliveredTickets)),
    },
    {
      key: 'printed',
      header: t('fields.printed'),
      align: 'right',
      render: cell((r) => showCount(r.printed)),
    },
    { key: 'first', header: t('fields.firstDelivery'), render: (r) => showDay(r.firstDeliveryOn) },
  ];
  const exportSheet = async () => {
    const rows = await allPages((p) => getLowPaper({ page: p, pageSize: 100, onlyLow }));
    return sheetOf(
      t('files.low'),
      [
        { header: t('fields.shop'), cell: (r: LowPaperRow) => r.shopName },
        { header: t('fields.state'), cell: (r) => t(`state.${stateOf(r)}`) },
        { header: t('fields.remaining'), cell: (r) => r.remaining },
        { header: t('fields.daysLeft'), cell: (r) => r.daysLeft },
        { header: t('fields.pace'), cell: (r) => r.pacePerDay },
        { header: t('fields.delivered'), cell: (r) => r.deliveredTickets },
        { header: t('fields.printed'), cell: (r) => r.printed },
        { header: t('fields.firstDelivery'), cell: (r) => dayCell(r.firstDeliveryOn) },
      ],
      rows,
    );
  };
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch
              checked={onlyLow}
              onChange={(e) => setFilters({ onlyLow: e.target.checked ? '1' : '' })}
              slotProps={{ input: { 'aria-label': t('actions.onlyLow') } }}
              data-testid="only-low"
            />
          }
          label={t('actions.onlyLow')}
        />
        <Box sx={{ flex: 1 }} />
        <RollExport sheet={exportSheet} fileName={t('files.low')} />
      </Box>
      {(role === 'ADMIN' || role === 'SUPER-ADMIN') && (
        <Box sx={{ mb: 2 }}>
          <LowDaysSetting />
        </Box>
      )}
      {meta && meta.lowCount > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="low-summary">
          {t('low.summary', { count: meta.lowCount, days: meta.lowPaperDays })}
        </Alert>
      )}
      <DataTable
        columns={columns}
        rows={query.data?.data}
        rowKey={(r) => r.shopId}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{ title: t('empty.low') }}
        meta={meta}
        onPageChange={setPage}
        data-testid="rolls-low-list"
      />
    </>
  );
}
