import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@parking-hub/contracts/rent';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/data-table';
import { formatKip } from '../../../lib/format';
import { formatMonth } from '../../../lib/months';
import { showDay } from '../rent-format';
import { InvoiceMessageStatus } from './invoice-message-status';
import { InvoiceStatusChip } from './invoice-status-chip';

const money = (n: number) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {formatKip(n)}
  </Box>
);

/** The invoice list's columns (a card per invoice on a phone, the shop and number as its title). */
export function invoiceColumns(t: TFunction<'rent'>, showAgent: boolean): Column<Invoice>[] {
  const columns: Column<Invoice>[] = [
    {
      key: 'invoice',
      header: t('fields.shop'),
      primary: true,
      render: (i) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="invoice-shop">
            {i.shopName}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="invoice-number">
            {i.number}
          </Typography>
        </Box>
      ),
    },
    { key: 'month', header: t('fields.month'), render: (i) => formatMonth(i.month) },
    { key: 'total', header: t('fields.total'), align: 'right', render: (i) => money(i.total) },
    { key: 'paid', header: t('fields.paid'), align: 'right', render: (i) => money(i.paid) },
    {
      key: 'due',
      header: t('fields.due'),
      align: 'right',
      render: (i) => (
        <Box component="span" sx={{ fontWeight: i.due > 0 ? 600 : undefined }} data-testid="invoice-due">
          {money(i.due)}
        </Box>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      render: (i) => <InvoiceStatusChip status={i.status} overdue={i.overdue} />,
    },
    {
      key: 'dueDate',
      header: t('fields.dueDate'),
      render: (i) => (
        <Box component="span" sx={{ color: i.overdue ? 'error.main' : undefined, whiteSpace: 'nowrap' }}>
          {showDay(i.dueDate)}
        </Box>
      ),
    },
    {
      key: 'message',
      header: t('fields.message'),
      render: (i) => <InvoiceMessageStatus status={i.messageStatus} />,
    },
  ];
  if (showAgent)
    columns.splice(2, 0, { key: 'agent', header: t('fields.agent'), render: (i) => i.agentName ?? '—' });
  return columns;
}
