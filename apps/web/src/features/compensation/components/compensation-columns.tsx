import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { CompensationRow } from '@parking-hub/contracts/finance';
import type { TFunction } from 'i18next';
import { formatMonth } from '../../../lib/months';
import type { ReportColumn } from '../../reports/components/columns';
import { percentOfBp } from '../compensation-format';
import { CommissionStatusChip } from './status-chip';

/** Agent × month: the rent their shops paid, the rate, the commission, paid out, pending, status. */
export function compensationColumns(
  t: TFunction,
  actions: { onDetail: (r: CompensationRow) => void; onPay: ((r: CompensationRow) => void) | null },
): ReportColumn<CompensationRow>[] {
  return [
    {
      key: 'agent',
      header: t('compensation.columns.agent'),
      value: (r) => `${r.agentName} · ${formatMonth(r.month)}`,
      render: (r) => (
        <Box sx={{ lineHeight: 1.3 }}>
          <Box data-testid="row-agent">{r.agentName}</Box>
          <Box sx={{ color: 'text.secondary', fontSize: 13 }} data-testid="row-month">
            {formatMonth(r.month)}
          </Box>
        </Box>
      ),
    },
    { key: 'amount', header: t('compensation.columns.amount'), kind: 'money', value: (r) => r.amount },
    { key: 'pending', header: t('compensation.columns.pending'), kind: 'money', value: (r) => r.pending },
    {
      key: 'status',
      header: t('compensation.columns.status'),
      value: (r) => t(`compensation.status.${r.status}`),
      render: (r) => <CommissionStatusChip status={r.status} />,
    },
    { key: 'base', header: t('compensation.columns.base'), kind: 'money', value: (r) => r.base },
    { key: 'rate', header: t('compensation.columns.rate'), value: (r) => percentOfBp(r.rateBp) },
    { key: 'paid', header: t('compensation.columns.paid'), kind: 'money', value: (r) => r.paid },
    {
      key: 'actions',
      header: '',
      value: () => null,
      render: (r) => (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" onClick={() => actions.onDetail(r)} data-testid="row-detail">
            {t('compensation.actions.detail')}
          </Button>
          {actions.onPay && r.payable > 0 && (
            <Button size="small" variant="contained" onClick={() => actions.onPay?.(r)} data-testid="row-pay">
              {t('compensation.actions.pay')}
            </Button>
          )}
        </Box>
      ),
    },
  ];
}
