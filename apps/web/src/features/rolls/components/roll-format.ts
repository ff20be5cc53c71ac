import { dayText } from '@parking-hub/contracts/business-day';
import type { Cell } from '../../reports/export/sheet';
import { dateCell } from '../../reports/export/sheet';

/** 'YYYY-MM-DD' → 'dd/mm/yyyy': contracts/business-day dayText. */
export const showDay = dayText;

/** A count with thousands separators. */
const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
export const showCount = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : counts.format(n);

export const dayCell = (day: string | null | undefined): Cell => (day ? dateCell(showDay(day)) : null);

/** A serial range as 'first–last', or '—'. */
export const showSerials = (first: number | null, last: number | null) =>
  first === null || last === null ? '—' : first === last ? String(first) : `${first}–${last}`;

/** This month in the platform's zone, 'YYYY-MM'. */
export const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(new Date()).slice(0, 7);

export const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(new Date());
