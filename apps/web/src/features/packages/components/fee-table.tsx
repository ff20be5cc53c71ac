import Edit from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Fee } from '@parking-hub/contracts/packages';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { formatKip } from '../../../lib/format';
import { useFees } from '../api/get-fees';
import { localName } from '../package-form';
import { ActiveChip } from './active-chip';

/** The fee list (paper roll, set-up, extra user, printer…); admins edit each. */
export function FeeTable({ canEdit, onEdit }: { canEdit: boolean; onEdit: (fee: Fee) => void }) {
  const { t, i18n } = useTranslation('packages');
  const query = useFees();
  const columns: Column<Fee>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      primary: true,
      render: (f) => (
        <Typography component="span" sx={{ fontWeight: 600 }} data-testid="fee-name">
          {localName(f, i18n.language)}
        </Typography>
      ),
    },
    { key: 'code', header: t('fields.code'), render: (f) => f.code },
    { key: 'amount', header: t('fields.amount'), align: 'right', render: (f) => formatKip(f.amount) },
    { key: 'active', header: t('fields.active'), render: (f) => <ActiveChip active={f.active} /> },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      header: '',
      actions: true,
      align: 'right',
      render: (f) => (
        <Tooltip title={t('actions.edit')}>
          <IconButton aria-label={t('actions.edit')} onClick={() => onEdit(f)} data-testid="fee-edit">
            <Edit />
          </IconButton>
        </Tooltip>
      ),
    });
  }
  return (
    <DataTable
      columns={columns}
      rows={query.data}
      rowKey={(f) => f.id}
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={{ title: t('fees.empty') }}
      data-testid="fee-table"
    />
  );
}
