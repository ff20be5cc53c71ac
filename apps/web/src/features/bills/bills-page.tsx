import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Bill, BillStatus } from '@parking-hub/contracts/bills';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { CursorPager } from '../../components/cursor-pager';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { listCount } from '../../lib/cursor-paging';
import { DEFAULT_TIME_ZONE } from '../../lib/format';
import { useSession } from '../../lib/session-store';
import { useBills } from './api/get-bills';
import { BILL_ID_ATTR, billColumns } from './components/bill-columns';
import { BillDetailDialog } from './components/bill-detail-dialog';
import { BillFilters } from './components/bill-filters';
import { ScanBox } from './components/scan-box';
import { presetRange } from './date-range';
import { useBillsUrl } from './use-bills-url';

const PAGE_SIZE = 20;

/** A click anywhere on a row (table or phone card) opens its bill; buttons and links keep theirs. */
function openFromRow(event: MouseEvent, open: (id: string) => void) {
  const target = event.target as HTMLElement;
  if (target.closest('button, a, input')) return;
  const id = target.closest('[data-testid="data-row"]')?.querySelector(`[${BILL_ID_ATTR}]`);
  const billId = id?.getAttribute(BILL_ID_ATTR);
  if (billId) open(billId);
}

/** /app/bills: scan a bill, or find it in the history; its detail opens over the list. */
export default function BillsPage() {
  const { t } = useTranslation(['bills', 'common']);
  const title = useScreenTitle();
  const session = useSession();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const url = useBillsUrl();
  const { values, range, position } = url;
  const query = useBills({
    page: position.page,
    pageSize: PAGE_SIZE,
    cursor: position.cursor ?? undefined,
    from: range.from,
    to: range.to,
    status: (values.status || undefined) as BillStatus | undefined,
    vehicleType: (values.vehicleType || undefined) as VehicleType | undefined,
    plate: values.plate || undefined,
    staffId: values.staffId || undefined,
    shopId: values.shopId || undefined,
  });
  const rows = query.data?.rows;
  const meta = query.data?.meta;
  const open = (bill: Pick<Bill, 'id'>) => url.setBillId(bill.id);
  const staffName = values.staffId
    ? (rows?.find((b) => b.checkInById === values.staffId)?.checkInByName ?? null)
    : null;
  const count = meta && listCount(t, meta);

  return (
    <>
      <PageHeader title={title} subtitle={count || undefined} />
      <ScanBox
        shopId={values.shopId || session.shopId}
        onFound={open}
        onPlate={(plate) =>
          url.changeFilters({ plate, ...presetRange('last30', new Date(), DEFAULT_TIME_ZONE) })
        }
      />
      <BillFilters
        values={values}
        range={range}
        onChange={url.changeFilters}
        showShop={session.role !== 'SHOP'}
        staffName={staffName}
      />
      <Box
        onClick={(e) => openFromRow(e, (id) => url.setBillId(id))}
        sx={{ '& [data-testid="data-row"]': { cursor: 'pointer' } }}
      >
        <DataTable
          columns={billColumns(t, open, phone)}
          rows={rows}
          rowKey={(b) => b.id}
          loading={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          empty={{ title: t('empty.title'), hint: t('empty.hint') }}
          data-testid="bills-table"
        />
      </Box>
      {meta && meta.total > 0 && (
        <CursorPager
          meta={meta}
          rows={rows?.length ?? 0}
          onPrevious={url.previous}
          onNext={url.next}
          data-testid="bills-pager"
        />
      )}
      {url.billId && (
        <BillDetailDialog key={url.billId} id={url.billId} onClose={() => url.setBillId(null)} />
      )}
    </>
  );
}
