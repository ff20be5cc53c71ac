import type { FinanceFigures, FinanceReport } from '@parking-hub/contracts/finance';
import type { TFunction } from 'i18next';
import { formatMonth } from '../../../lib/months';
import type { ReportColumn, TotalsLine } from '../../reports/components/columns';
import { dateCell } from '../../reports/export/sheet';

type MonthRow = FinanceReport['months'][number];
type AgentRow = FinanceReport['agents'][number];

/** The figures of a month or an agent, in the order a reader needs them: invoiced, paid, still owed. */
export const FIGURE_KEYS = [
  'invoiced',
  'paid',
  'outstanding',
  'overdue',
  'paidCash',
  'paidTransfer',
  'paidQr',
  'paidWallet',
  'topUps',
  'commissions',
  'commissionsPaid',
  'promotions',
  'invoices',
] as const satisfies readonly (keyof FinanceFigures)[];

function figureColumns<T extends FinanceFigures>(t: TFunction): ReportColumn<T>[] {
  return FIGURE_KEYS.map((key) => ({
    key,
    header: t(`accounting.figures.${key}`),
    value: (row: T) => row[key],
    kind: key === 'invoices' ? 'count' : 'money',
  }));
}

export function monthColumns(t: TFunction): ReportColumn<MonthRow>[] {
  return [
    { key: 'month', header: t('accounting.columns.month'), value: (r) => dateCell(formatMonth(r.month)) },
    ...figureColumns<MonthRow>(t),
  ];
}

export function agentColumns(t: TFunction): ReportColumn<AgentRow>[] {
  return [
    {
      key: 'agent',
      header: t('accounting.columns.agent'),
      value: (r) => r.agentName ?? t('accounting.noAgent'),
    },
    ...figureColumns<AgentRow>(t),
  ];
}

/** The totals row, keyed as the figure columns are. */
export function figureTotals(totals: FinanceFigures): TotalsLine {
  return Object.fromEntries(FIGURE_KEYS.map((k) => [k, totals[k]]));
}
