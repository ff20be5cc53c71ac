import Visibility from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Bill } from '@parking-hub/contracts/bills';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/data-table';
import { formatDateTime, formatKip } from '../../../lib/format';
import { BillStatusChip } from './bill-status-chip';

/** The row's bill id, read by the list's click handler (DataTable has no row click of its own). */
export const BILL_ID_ATTR = 'data-bill-id';

type T = TFunction<['bills', 'common']>;

function BillNumber({ bill }: { bill: Bill }) {
  return (
    <Box
      component="span"
      {...{ [BILL_ID_ATTR]: bill.id }}
      sx={{ fontWeight: 700, fontSize: 17 }}
      data-testid="bill-number"
    >
      #{bill.number}
    </Box>
  );
}

/** On a phone the number is the card's button (keyboard and screen readers); a tap anywhere works too. */
function BillNumberButton({
  bill,
  label,
  onOpen,
}: {
  bill: Bill;
  label: string;
  onOpen: (bill: Bill) => void;
}) {
  return (
    <ButtonBase onClick={() => onOpen(bill)} aria-label={label} sx={{ borderRadius: 1, px: 0.5, mx: -0.5 }}>
      <BillNumber bill={bill} />
    </ButtonBase>
  );
}

function Vehicle({ bill, t }: { bill: Bill; t: T }) {
  return (
    <Box component="span" sx={{ minWidth: 0 }}>
      {t(`common:vehicles.${bill.vehicleType}`)}
      {bill.plate && (
        <Typography component="span" sx={{ fontWeight: 600, ml: 1, fontSize: 'inherit' }}>
          {bill.plate}
        </Typography>
      )}
    </Box>
  );
}

function Fee({ bill, t }: { bill: Bill; t: T }) {
  if (bill.fee !== null) return <Box sx={{ whiteSpace: 'nowrap' }}>{formatKip(bill.fee)}</Box>;
  const text = bill.status === 'PARKED' ? t('common:billStatus.PARKED') : '—';
  return <Typography sx={{ fontSize: 'inherit', color: 'text.secondary' }}>{text}</Typography>;
}

/** Who took the vehicle in, and who let it out when that was someone else. */
function staffOf(bill: Bill): string {
  const out =
    bill.checkOutByName && bill.checkOutByName !== bill.checkInByName ? ` → ${bill.checkOutByName}` : '';
  return `${bill.checkInByName ?? '—'}${out}`;
}

/**
 * The history's columns. On a phone the card's title carries number, status and vehicle, so a
 * card is four short lines instead of eight.
 */
export function billColumns(t: T, onOpen: (bill: Bill) => void, phone: boolean): Column<Bill>[] {
  const view: Column<Bill> = {
    key: 'view',
    header: '',
    actions: true,
    align: 'right',
    render: (b) => (
      <Tooltip title={t('columns.view')}>
        <IconButton
          onClick={() => onOpen(b)}
          aria-label={`${t('columns.view')} #${b.number}`}
          data-testid="bill-view"
        >
          <Visibility />
        </IconButton>
      </Tooltip>
    ),
  };
  const checkIn: Column<Bill> = {
    key: 'checkIn',
    header: t('columns.checkIn'),
    render: (b) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(b.checkInAt)}</Box>,
  };
  const fee: Column<Bill> = {
    key: 'fee',
    header: t('columns.fee'),
    align: 'right',
    render: (b) => <Fee bill={b} t={t} />,
  };
  const staff: Column<Bill> = { key: 'staff', header: t('columns.staff'), render: staffOf };
  if (phone)
    return [
      {
        key: 'bill',
        header: t('columns.number'),
        primary: true,
        render: (b) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <BillNumberButton bill={b} label={`${t('columns.view')} #${b.number}`} onOpen={onOpen} />
            <BillStatusChip status={b.status} />
            <Vehicle bill={b} t={t} />
          </Box>
        ),
      },
      checkIn,
      fee,
      staff,
    ];
  return [
    { key: 'number', header: t('columns.number'), primary: true, render: (b) => <BillNumber bill={b} /> },
    checkIn,
    { key: 'vehicle', header: t('columns.vehicle'), render: (b) => <Vehicle bill={b} t={t} /> },
    { key: 'status', header: t('columns.status'), render: (b) => <BillStatusChip status={b.status} /> },
    fee,
    staff,
    { key: 'prints', header: t('columns.prints'), align: 'right', render: (b) => b.printCount },
    view,
  ];
}
