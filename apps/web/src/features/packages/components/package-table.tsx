import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Package } from '@parking-hub/contracts/packages';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { type Column, DataTable } from '../../../components/data-table';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { formatKip } from '../../../lib/format';
import { useDeletePackage } from '../api/delete-package';
import { usePackages } from '../api/get-packages';
import { localName } from '../package-form';
import { ActiveChip } from './active-chip';

const count = new Intl.NumberFormat('en-US');

function DeletePackage({ pkg }: { pkg: Package }) {
  const { t, i18n } = useTranslation('packages');
  const remove = useDeletePackage();
  return (
    <ConfirmButton
      icon={<DeleteOutline />}
      color="error"
      title={t('delete.title', { name: localName(pkg, i18n.language) })}
      text={pkg.shopsUsing > 0 ? t('delete.inUse', { count: pkg.shopsUsing }) : t('delete.text')}
      confirmText={t('delete.confirm')}
      loading={remove.isPending}
      onConfirm={() => remove.mutateAsync(pkg.id).then(handleResponse, handleError)}
      data-testid="package-delete"
    />
  );
}

/** The packages: a table on a desktop, cards on a phone; admins get edit and delete on each. */
export function PackageTable({ canEdit, onEdit }: { canEdit: boolean; onEdit: (pkg: Package) => void }) {
  const { t, i18n } = useTranslation('packages');
  const query = usePackages();
  const allowance = (n: number | null) => (n === null ? t('noLimit') : count.format(n));
  const columns: Column<Package>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      primary: true,
      render: (p) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 600 }} data-testid="package-name">
            {localName(p, i18n.language)}
          </Typography>
          <ActiveChip active={p.active} />
        </Box>
      ),
    },
    {
      key: 'monthlyPrice',
      header: t('fields.monthlyPrice'),
      align: 'right',
      render: (p) => formatKip(p.monthlyPrice),
    },
    {
      key: 'ticketsIncluded',
      header: t('fields.ticketsIncluded'),
      align: 'right',
      render: (p) => count.format(p.ticketsIncluded),
    },
    {
      key: 'extraTicketPrice',
      header: t('fields.extraTicketPrice'),
      align: 'right',
      render: (p) => formatKip(p.extraTicketPrice),
    },
    {
      key: 'usersAllowed',
      header: t('fields.usersAllowed'),
      align: 'right',
      render: (p) => allowance(p.usersAllowed),
    },
    {
      key: 'branchesAllowed',
      header: t('fields.branchesAllowed'),
      align: 'right',
      render: (p) => allowance(p.branchesAllowed),
    },
    {
      key: 'shopsUsing',
      header: t('fields.shopsUsing'),
      align: 'right',
      render: (p) => count.format(p.shopsUsing),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      header: '',
      actions: true,
      align: 'right',
      render: (p) => (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
          <Tooltip title={t('actions.edit')}>
            <IconButton aria-label={t('actions.edit')} onClick={() => onEdit(p)} data-testid="package-edit">
              <Edit />
            </IconButton>
          </Tooltip>
          <DeletePackage pkg={p} />
        </Box>
      ),
    });
  }
  return (
    <DataTable
      columns={columns}
      rows={query.data}
      rowKey={(p) => p.id}
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={{ title: t('empty.title'), hint: canEdit ? t('empty.hint') : undefined }}
      data-testid="package-table"
    />
  );
}
