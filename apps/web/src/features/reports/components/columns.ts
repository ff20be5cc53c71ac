import { MEASURE_KEYS, type ReportMeasures } from '@parking-hub/contracts/reports';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatKip } from '../../../lib/format';
import type { Cell, ExportSheet } from '../export/sheet';

/** One column of a report: its value is what the export writes; the screen formats it. */
export interface ReportColumn<T> {
  key: string;
  header: string;
  value: (row: T) => Cell;
  kind?: 'text' | 'count' | 'money';
  /** A negative figure is a shortfall: shown in red. */
  signed?: boolean;
  /** The screen's own cell (an input, a link); the export still writes `value`. */
  render?: (row: T) => ReactNode;
}

/** The totals row: a value per column key; the first column without one gets the label. */
export type TotalsLine = Record<string, Cell>;

/**
 * The measures the report screens show (issue 4). The total comes first: on a phone it is in
 * view without scrolling the table sideways. Passes sold (issue 14) follow cash and QR: their
 * money is part of those and of the total.
 */
export const SHOWN_MEASURES = [
  'amount',
  'billsIn',
  'billsOut',
  'lost',
  'cancelled',
  'cashCount',
  'cashAmount',
  'qrCount',
  'qrAmount',
  'passCount',
  'passAmount',
  'memberCount',
  'freeCount',
] as const satisfies readonly (keyof ReportMeasures)[];

const MONEY = new Set<keyof ReportMeasures>([
  'cashAmount',
  'qrAmount',
  'amount',
  'cancelledAmount',
  'passAmount',
]);

/** The measure columns, but those in `except` (shown elsewhere by the screen). */
export function measureColumns(
  t: TFunction,
  except: readonly (keyof ReportMeasures)[] = [],
): ReportColumn<ReportMeasures>[] {
  return SHOWN_MEASURES.filter((key) => !except.includes(key)).map((key) => ({
    key,
    header: t(`reports:measures.${key}`),
    value: (row) => row[key],
    kind: MONEY.has(key) ? 'money' : 'count',
  }));
}

/** The measures of a totals object, keyed as the measure columns are. */
export function measureTotals(totals: ReportMeasures): TotalsLine {
  return Object.fromEntries(MEASURE_KEYS.map((k) => [k, totals[k]]));
}

/** A cell as the screen shows it: '1,234,567 ₭', '1,234', a date's text, or as it is (a bill number). */
export function formatCell(cell: Cell, kind: ReportColumn<unknown>['kind']): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'object') return cell.text;
  if (kind === 'money') return formatKip(cell);
  return kind === 'count' ? cell.toLocaleString('en-US') : String(cell);
}

/** The cells of the totals row in column order; the label goes in the first column without a total. */
export function totalsCells<T>(columns: ReportColumn<T>[], totals: TotalsLine, label: string): Cell[] {
  const labelAt = columns.findIndex((c) => !(c.key in totals));
  return columns.map((c, i) => (c.key in totals ? (totals[c.key] ?? null) : i === labelAt ? label : null));
}

/** A report table as an export sheet: the same columns, raw values, the same totals. */
export function toSheet<T>(
  name: string,
  heading: string[],
  columns: ReportColumn<T>[],
  rows: T[],
  totals?: { line: TotalsLine; label: string },
): ExportSheet {
  return {
    name,
    heading,
    columns: columns.map((c) => c.header),
    rows: rows.map((row) => columns.map((c) => c.value(row))),
    totals: totals ? totalsCells(columns, totals.line, totals.label) : undefined,
  };
}
