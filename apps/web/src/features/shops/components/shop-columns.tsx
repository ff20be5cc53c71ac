import AddBusiness from '@mui/icons-material/AddBusinessOutlined';
import Edit from '@mui/icons-material/Edit';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Shop } from '@parking-hub/contracts/shops';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Column } from '../../../components/data-table';
import { formatKip } from '../../../lib/format';
import { canAddBranch, canEditShop } from '../shop-access';
import { ShopHoursText } from './shop-hours-text';
import { ShopLogo } from './shop-logo';
import { ShopStatusChip } from './shop-status-chip';

type T = TFunction<['shops', 'common']>;

export interface ShopRowActions {
  onOpen: (shop: Shop) => void;
  onEdit: (shop: Shop) => void;
  onAddBranch: (parent: Shop) => void;
}

function ShopName({ shop, t }: { shop: Shop; t: T }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <ShopLogo src={shop.logoPath} name={shop.name} />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="shop-name">
          {shop.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <span data-testid="shop-code">{shop.code}</span>
          {shop.parentName && ` · ${t('branchOf', { name: shop.parentName })}`}
          {shop.branchCount > 0 && ` · ${t('branchCount', { count: shop.branchCount })}`}
        </Typography>
      </Box>
    </Box>
  );
}

function Prices({ shop, t }: { shop: Shop; t: T }) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }} data-testid="shop-prices">
      <div>
        {t('common:vehicles.MOTORBIKE')} {formatKip(shop.priceMotorbike)}
      </div>
      <div>
        {t('common:vehicles.CAR')} {formatKip(shop.priceCar)}
      </div>
    </Box>
  );
}

function Action({
  title,
  onClick,
  testId,
  children,
}: {
  title: string;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <IconButton onClick={onClick} aria-label={title} data-testid={testId}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

function RowActions({ shop, role, t, actions }: { shop: Shop; role: string; t: T; actions: ShopRowActions }) {
  return (
    // Start-aligned, so the icons of every row line up when a row has no "add branch".
    <Box sx={{ display: 'flex', justifyContent: 'flex-start', whiteSpace: 'nowrap' }}>
      <Action title={t('actions.detail')} onClick={() => actions.onOpen(shop)} testId="shop-open">
        <Visibility />
      </Action>
      {canEditShop(role) && (
        <Action title={t('actions.edit')} onClick={() => actions.onEdit(shop)} testId="shop-edit">
          <Edit />
        </Action>
      )}
      {canAddBranch(role, shop) && (
        <Action
          title={t('actions.addBranch')}
          onClick={() => actions.onAddBranch(shop)}
          testId="shop-add-branch"
        >
          <AddBusiness />
        </Action>
      )}
    </Box>
  );
}

/** The list's columns; the agent only for admins (an agent's list is all their own). */
export function shopColumns(t: T, role: string, showAgent: boolean, actions: ShopRowActions): Column<Shop>[] {
  const columns: Column<Shop>[] = [
    { key: 'name', header: t('fields.shop'), primary: true, render: (s) => <ShopName shop={s} t={t} /> },
    {
      key: 'hours',
      header: t('fields.hours'),
      render: (s) => <ShopHoursText open={s.openShop} close={s.closeShop} />,
    },
    { key: 'prices', header: t('fields.prices'), render: (s) => <Prices shop={s} t={t} /> },
  ];
  if (showAgent) columns.push({ key: 'agent', header: t('fields.agent'), render: (s) => s.agentName ?? '—' });
  columns.push(
    { key: 'status', header: t('fields.status'), render: (s) => <ShopStatusChip status={s.status} /> },
    {
      key: 'actions',
      header: '',
      actions: true,
      align: 'right',
      render: (s) => <RowActions shop={s} role={role} t={t} actions={actions} />,
    },
  );
  return columns;
}
