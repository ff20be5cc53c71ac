import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RollStock } from '@parking-hub/contracts/rolls';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { getStock, useStock } from '../api/get-paper';
import { RollExport, sheetOf } from './roll-export';
import { showCount } from './roll-format';

/** Each agent's stock of rolls: received, moved to shops, in hand (an agent sees their own). */
export function StockTab() {
  const { t } = useTranslation('rolls');
  const query = useStock();
  const columns: Column<RollStock>[] = [
    {
      key: 'person',
      header: t('fields.person'),
      primary: true,
      render: (s) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{s.personName}</Typography>
          <Typography variant="body2" color="text.secondary">
            @{s.username}
          </Typography>
        </Box>
      ),
    },
    { key: 'received', header: t('fields.received'), align: 'right', render: (s) => showCount(s.received) },
    { key: 'moved', header: t('fields.moved'), align: 'right', render: (s) => showCount(s.moved) },
    {
      key: 'inHand',
      header: t('fields.inHand'),
      align: 'right',
      render: (s) => (
        <Typography component="span" sx={{ fontWeight: 600 }} data-testid="stock-in-hand">
          {showCount(s.inHand)}
        </Typography>
      ),
    },
  ];
  const exportSheet = async () =>
    sheetOf(
      t('files.stock'),
      [
        { header: t('fields.person'), cell: (s: RollStock) => s.personName },
        { header: t('fields.received'), cell: (s) => s.received },
        { header: t('fields.moved'), cell: (s) => s.moved },
        { header: t('fields.inHand'), cell: (s) => s.inHand },
      ],
      (await getStock()).data ?? [],
    );
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
        <RollExport sheet={exportSheet} fileName={t('files.stock')} />
      </Box>
      <DataTable
        columns={columns}
        rows={query.data?.data}
        rowKey={(s) => s.personId}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{ title: t('empty.stock') }}
        data-testid="rolls-stock-list"
      />
    </>
  );
}
