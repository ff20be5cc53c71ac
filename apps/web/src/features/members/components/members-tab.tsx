import Add from '@mui/icons-material/Add';
import Settings from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { MEMBER_STATUSES, type Member, type MemberStatus } from '@parking-hub/contracts/members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { FilterSelect } from '../../../components/filters/filter-select';
import { SearchField } from '../../../components/filters/search-field';
import { DEFAULT_TIME_ZONE } from '../../../lib/format';
import { useMembers } from '../api/get-members';
import { PrintPass, usePassPrint } from '../print/print-pass';
import { CancelDialog } from './cancel-dialog';
import { EditDialog } from './edit-dialog';
import { FilterPanel } from './filter-panel';
import { type MemberAction, MemberActions } from './member-actions';
import { MemberDetailDialog } from './member-detail-dialog';
import { MemberStatusChip } from './member-status-chip';
import { PassUntil } from './pass-until';
import { RenewDialog } from './renew-dialog';
import { ReplaceCardDialog } from './replace-card-dialog';
import { SellDialog } from './sell-dialog';
import { SettingsDialog } from './settings-dialog';

export interface MemberFilterValues {
  shopId: string;
  q: string;
  status: string;
  expiring: string;
}

/** "Ending within N days": the choices of the filter. */
const EXPIRING_DAYS = [3, 7, 14, 30] as const;

type Open =
  | { kind: 'sell' }
  | { kind: 'settings' }
  | { kind: Exclude<MemberAction, 'card'>; member: Member }
  | null;

const expiringOf = (text: string) => {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 0 && n <= 366 ? n : undefined;
};

/**
 * The members of the chosen shop (or every shop in scope): search, filters (all in the URL), a
 * table on a desktop and cards on a phone; sell, renew and the rest from here.
 */
export function MembersTab({
  values,
  page,
  setFilters,
  setPage,
  workShop,
  workShopName,
  pickShop,
  manager,
  canSell,
  soonDays,
}: {
  values: MemberFilterValues;
  page: number;
  setFilters: (next: Partial<MemberFilterValues>) => void;
  setPage: (page: number) => void;
  /** The shop a sale goes to and whose settings are shown; null: chosen in the dialog. */
  workShop: string | null;
  workShopName: string | null;
  pickShop: boolean;
  manager: boolean;
  canSell: boolean;
  soonDays?: number;
}) {
  const { t } = useTranslation(['members', 'common']);
  const [open, setOpen] = useState<Open>(null);
  const printing = usePassPrint();
  const status = (MEMBER_STATUSES as readonly string[]).includes(values.status)
    ? (values.status as MemberStatus)
    : undefined;
  const query = useMembers({
    page,
    shopId: values.shopId || undefined,
    search: values.q || undefined,
    status,
    expiringWithin: expiringOf(values.expiring),
  });

  const act = (action: MemberAction, member: Member) => {
    if (action === 'card')
      printing.print({ kind: 'card', member, shopName: member.shopName }, DEFAULT_TIME_ZONE);
    else setOpen({ kind: action, member });
  };
  const close = () => setOpen(null);
  const memberOf = (kind: Exclude<MemberAction, 'card'>) =>
    open && open.kind === kind && 'member' in open ? open.member : null;

  // The shop says something only when the page holds more than one.
  const severalShops = new Set(query.data?.data?.map((m) => m.shopId)).size > 1;
  const columns: Column<Member>[] = [
    {
      key: 'member',
      header: t('fields.member'),
      primary: true,
      render: (m) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography
            component="span"
            sx={{ fontWeight: 700, mr: 1, whiteSpace: 'nowrap' }}
            data-testid="member-number"
          >
            {m.number}
          </Typography>
          <Typography
            component="span"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid="member-name"
          >
            {m.fullName}
          </Typography>
          {m.phone && (
            <Typography variant="body2" color="text.secondary">
              {m.phone}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      key: 'plates',
      header: t('fields.plates'),
      render: (m) => (
        <Box component="span" sx={{ fontWeight: 600 }} data-testid="member-plates-text">
          {m.plates.map((plate, i) => (
            <Box component="span" key={plate} sx={{ whiteSpace: 'nowrap' }}>
              {i > 0 && ', '}
              {plate}
            </Box>
          ))}
        </Box>
      ),
    },
    {
      key: 'vehicleType',
      header: t('fields.vehicleType'),
      render: (m) => (m.vehicleType ? t(`common:vehicles.${m.vehicleType}`) : '—'),
    },
    ...(severalShops ? [{ key: 'shop', header: t('fields.shop'), render: (m: Member) => m.shopName }] : []),
    {
      key: 'until',
      header: t('fields.validUntil'),
      render: (m) => <PassUntil member={m} soonDays={soonDays} />,
    },
    { key: 'status', header: t('fields.status'), render: (m) => <MemberStatusChip status={m.status} /> },
    {
      key: 'actions',
      header: '',
      actions: true,
      align: 'right',
      render: (m) => <MemberActions member={m} canSell={canSell} manager={manager} onAction={act} />,
    },
  ];

  const filtered = Object.entries(values).some(([k, v]) => k !== 'shopId' && v);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
        {canSell && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setOpen({ kind: 'sell' })}
            data-testid="member-sell"
          >
            {t('actions.sell')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {manager && workShop && (
          <Button
            variant="outlined"
            startIcon={<Settings />}
            onClick={() => setOpen({ kind: 'settings' })}
            data-testid="member-settings"
          >
            {t('actions.settings')}
          </Button>
        )}
      </Box>
      <FilterPanel
        shopId={values.shopId}
        onShop={(shopId) => setFilters({ shopId })}
        pickShop={pickShop}
        columns={4}
        testId="members-filter-shop"
      >
        <SearchField
          value={values.q}
          onChange={(q) => setFilters({ q })}
          placeholder={t('filters.searchHint')}
        />
        <FilterSelect
          label={t('fields.status')}
          value={status ?? ''}
          onChange={(s) => setFilters({ status: s })}
          options={MEMBER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          data-testid="members-filter-status"
        />
        <FilterSelect
          label={t('filters.expiring')}
          value={expiringOf(values.expiring) === undefined ? '' : values.expiring}
          onChange={(expiring) => setFilters({ expiring })}
          emptyLabel={t('filters.anyEnd')}
          data-testid="members-filter-expiring"
        >
          {EXPIRING_DAYS.map((d) => (
            <MenuItem key={d} value={String(d)}>
              {t('filters.within', { count: d })}
            </MenuItem>
          ))}
        </FilterSelect>
      </FilterPanel>
      <DataTable
        columns={columns}
        rows={query.data?.data}
        rowKey={(m) => m.id}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: filtered ? t('empty.membersFiltered') : t('empty.members'),
          hint: filtered ? t('empty.filterHint') : canSell ? t('empty.membersHint') : undefined,
        }}
        meta={query.data?.meta}
        onPageChange={setPage}
        onRowClick={(m) => setOpen({ kind: 'detail', member: m })}
        data-testid="members-list"
      />
      <SellDialog open={open?.kind === 'sell'} shopId={workShop} onClose={close} print={printing.print} />
      <RenewDialog member={memberOf('renew')} onClose={close} print={printing.print} />
      <EditDialog member={memberOf('edit')} onClose={close} />
      <ReplaceCardDialog
        member={memberOf('replace')}
        onClose={close}
        onReplaced={(m) => setOpen({ kind: 'detail', member: m })}
      />
      <CancelDialog member={memberOf('cancel')} onClose={close} />
      <MemberDetailDialog memberId={memberOf('detail')?.id ?? null} onClose={close} print={printing.print} />
      <SettingsDialog
        shopId={open?.kind === 'settings' ? workShop : null}
        shopName={workShopName}
        onClose={close}
      />
      {printing.job && <PrintPass job={printing.job} onDone={printing.done} />}
    </>
  );
}
