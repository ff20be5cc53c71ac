import { emptyMeasures } from '@parking-hub/contracts/reports';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { dateCell } from '../export/sheet';
import {
  formatCell,
  measureColumns,
  measureTotals,
  type ReportColumn,
  SHOWN_MEASURES,
  toSheet,
  totalsCells,
} from './columns';

const t = ((key: string) => key) as unknown as TFunction;

interface Row {
  date: string;
  amount: number;
}
const columns: ReportColumn<Row>[] = [
  { key: 'date', header: 'Date', value: (r) => r.date },
  { key: 'amount', header: 'Amount', value: (r) => r.amount, kind: 'money' },
];

describe('report columns', () => {
  it('show the brief measures, amounts as money', () => {
    const cols = measureColumns(t);
    expect(cols.map((c) => c.key)).toEqual([...SHOWN_MEASURES]);
    expect(cols.filter((c) => c.kind === 'money').map((c) => c.key)).toEqual([
      'amount',
      'cashAmount',
      'qrAmount',
      'passAmount',
    ]);
    expect(cols.find((c) => c.key === 'passCount')?.header).toBe('reports:measures.passCount');
    expect(measureColumns(t, ['cashAmount']).map((c) => c.key)).not.toContain('cashAmount');
    const row = { ...emptyMeasures(), billsIn: 4, amount: 32000 };
    expect(cols.find((c) => c.key === 'billsIn')?.value(row)).toBe(4);
    expect(cols.find((c) => c.key === 'amount')?.header).toBe('reports:measures.amount');
  });

  it('format money in kip and counts with separators', () => {
    expect(formatCell(1234567, 'money')).toBe('1,234,567 ₭');
    expect(formatCell(1234, 'count')).toBe('1,234');
    expect(formatCell('ລວມ', 'text')).toBe('ລວມ');
    expect(formatCell(null, 'money')).toBe('');
    expect(formatCell(34219, 'text')).toBe('34219');
    expect(formatCell(dateCell('25/11/2026 14:05'), 'text')).toBe('25/11/2026 14:05');
  });

  it('put the totals label in the first column without a total', () => {
    expect(totalsCells(columns, { amount: 5 }, 'ລວມ')).toEqual(['ລວມ', 5]);
    expect(totalsCells(columns, { date: null, amount: 5 }, 'ລວມ')).toEqual([null, 5]);
    const measures = measureTotals({ ...emptyMeasures(), amount: 9, billsIn: 2 });
    expect(totalsCells(measureColumns(t), measures, 'x').slice(0, 2)).toEqual([9, 2]);
  });

  it('turn a table into an export sheet with the same columns and totals', () => {
    const rows = [
      { date: '01/05/2026', amount: 1000 },
      { date: '02/05/2026', amount: 2000 },
    ];
    expect(toSheet('S', ['H'], columns, rows, { line: { amount: 3000 }, label: 'ລວມ' })).toEqual({
      name: 'S',
      heading: ['H'],
      columns: ['Date', 'Amount'],
      rows: [
        ['01/05/2026', 1000],
        ['02/05/2026', 2000],
      ],
      totals: ['ລວມ', 3000],
    });
  });
});
