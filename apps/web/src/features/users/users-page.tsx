import Add from '@mui/icons-material/Add';
import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { canManageRole, type Role } from '@parking-hub/contracts/roles';
import type { User, UserStatus } from '@parking-hub/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { ConfirmButton } from '../../components/confirm-button';
import { type Column, DataTable } from '../../components/data-table';
import { handleError, handleResponse } from '../../components/feedback/handle-response';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session-store';
import { useSearchFilters } from '../../lib/use-search-filters';
import { useDeleteUser } from './api/delete-user';
import { useUsers } from './api/get-users';
import { useUpdateUserStatus } from './api/update-user-status';
import { UserContacts } from './components/user-contacts';
import { UserFilters } from './components/user-filters';
import { UserFormDialog } from './components/user-form-dialog';

const FILTER_KEYS = ['q', 'role', 'status', 'shopId'] as const;
const STATUS_COLOR: Record<UserStatus, 'success' | 'warning' | 'default'> = {
  ACTIVE: 'success',
  SUSPENDED: 'warning',
  DELETED: 'default',
};

function RowActions({ user, onEdit }: { user: User; onEdit: (u: User) => void }) {
  const { t } = useTranslation('users');
  const session = useSession();
  const status = useUpdateUserStatus();
  const remove = useDeleteUser();
  const self = user.id === session.userId;
  const manageable = self || canManageRole(session.role as Role, user.role);
  if (!manageable || user.status === 'DELETED') return null;
  const suspend = user.status === 'ACTIVE';
  const run = (p: Promise<Parameters<typeof handleResponse>[0]>) => p.then(handleResponse, handleError);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      <Tooltip title={t('common:actions.edit')}>
        <IconButton
          onClick={() => onEdit(user)}
          aria-label={t('common:actions.edit')}
          data-testid="user-edit"
        >
          <Edit />
        </IconButton>
      </Tooltip>
      {!self && (
        <ConfirmButton
          icon={suspend ? <Block /> : <CheckCircle />}
          color={suspend ? 'inherit' : 'primary'}
          confirmColor={suspend ? 'warning' : 'primary'}
          title={t(suspend ? 'actions.suspend' : 'actions.activate')}
          text={t(suspend ? 'actions.suspendText' : 'actions.activateText', { name: user.fullName })}
          loading={status.isPending}
          onConfirm={() =>
            run(status.mutateAsync({ u_id: user.id, status: suspend ? 'SUSPENDED' : 'ACTIVE' }))
          }
          data-testid={suspend ? 'user-suspend' : 'user-activate'}
        />
      )}
      {!self && (
        <ConfirmButton
          icon={<Delete />}
          color="error"
          title={t('actions.delete')}
          text={t('actions.deleteText', { name: user.fullName })}
          confirmText={t('common:actions.delete')}
          loading={remove.isPending}
          onConfirm={() => run(remove.mutateAsync(user.id))}
          data-testid="user-delete"
        />
      )}
    </Box>
  );
}

export default function UsersPage() {
  const { t } = useTranslation('users');
  const title = useScreenTitle();
  const role = useSession((s) => s.role);
  const { values, page, setFilters, setPage } = useSearchFilters(FILTER_KEYS);
  const [dialog, setDialog] = useState<{ user: User | null } | null>(null);
  const query = useUsers({
    page,
    q: values.q || undefined,
    role: (values.role || undefined) as Role | undefined,
    status: (values.status || undefined) as UserStatus | undefined,
    shopId: values.shopId || undefined,
  });

  const columns: Column<User>[] = [
    {
      key: 'name',
      header: t('fields.fullName'),
      primary: true,
      render: (u) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>{u.fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            @{u.username}
          </Typography>
        </Box>
      ),
    },
    { key: 'role', header: t('fields.role'), render: (u) => t(`common:roles.${u.role}`) },
    { key: 'shop', header: t('fields.shop'), render: (u) => u.shopName ?? '—' },
    { key: 'contacts', header: t('fields.contacts'), render: (u) => <UserContacts user={u} /> },
    {
      key: 'status',
      header: t('fields.status'),
      render: (u) => <Chip size="small" color={STATUS_COLOR[u.status]} label={t(`status.${u.status}`)} />,
    },
    { key: 'lastLogin', header: t('fields.lastLogin'), render: (u) => formatDateTime(u.lastLoginAt) || '—' },
    {
      key: 'actions',
      header: '',
      actions: true,
      align: 'right',
      render: (u) => <RowActions user={u} onEdit={(user) => setDialog({ user })} />,
    },
  ];

  const filtered = Object.values(values).some(Boolean);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={query.data?.meta ? t('count', { count: query.data.meta.total }) : undefined}
        actions={
          role !== 'SHOP' && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setDialog({ user: null })}
              data-testid="user-create"
            >
              {t('actions.create')}
            </Button>
          )
        }
      />
      <UserFilters values={values} onChange={setFilters} showShop={role !== 'SHOP'} />
      <DataTable
        columns={columns}
        rows={query.data?.data}
        rowKey={(u) => u.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: t(filtered ? 'empty.filtered' : 'empty.title'),
          hint: filtered ? t('empty.filteredHint') : undefined,
        }}
        meta={query.data?.meta}
        onPageChange={setPage}
        data-testid="users-table"
      />
      {dialog && (
        <UserFormDialog
          key={dialog.user?.id ?? 'new'}
          open
          user={dialog.user}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
