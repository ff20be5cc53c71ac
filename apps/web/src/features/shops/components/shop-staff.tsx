import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ShopDetail } from '@parking-hub/contracts/shops';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';

type Staff = ShopDetail['staff'][number];

/** The shop's users: who they are, their role and whether they still sign in. */
export function ShopStaff({ staff, timeZone }: { staff: Staff[]; timeZone: string }) {
  const { t } = useTranslation(['shops', 'common']);
  const columns: Column<Staff>[] = [
    {
      key: 'name',
      header: t('detail.staffFields.name'),
      primary: true,
      render: (u) => <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{u.fullName}</Typography>,
    },
    { key: 'username', header: t('detail.staffFields.username'), render: (u) => `@${u.username}` },
    { key: 'role', header: t('detail.staffFields.role'), render: (u) => t(`common:roles.${u.role}`, u.role) },
    {
      key: 'status',
      header: t('detail.staffFields.status'),
      render: (u) => (
        <Chip
          size="small"
          color={u.status === 'ACTIVE' ? 'success' : u.status === 'SUSPENDED' ? 'warning' : 'default'}
          label={t(`detail.userStatus.${u.status}`, u.status)}
        />
      ),
    },
    {
      key: 'lastLogin',
      header: t('detail.staffFields.lastLogin'),
      render: (u) => formatDateTime(u.lastLoginAt, timeZone) || t('detail.neverSignedIn'),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={staff}
      rowKey={(u) => u.id}
      loading={false}
      empty={{ title: t('detail.noStaff'), hint: t('detail.noStaffHint') }}
      data-testid="shop-staff"
    />
  );
}
