import { addDaysToDate, calendarDate, DEFAULT_TIMEZONE } from '@parking-hub/contracts/business-day';
import type { ReportBalance, ReportChart } from '@parking-hub/contracts/reports';
import { VEHICLE_TYPES, type VehicleType } from '@parking-hub/contracts/vehicles';

/** The figures of one day, for one vehicle type or for all of them. */
export type DayFigures = ReportBalance['totals'];

export interface VehicleRow {
  vehicleType: VehicleType;
  today: DayFigures;
  yesterday: DayFigures;
}

/**
 * Zeros with the fields of `like` (a day's totals). Not contracts' emptyMeasures(): its module
 * builds zod schemas, which the dashboard's first load would then carry (decision 005).
 */
const noFigures = (like: DayFigures): DayFigures =>
  Object.fromEntries(Object.keys(like).map((k) => [k, 0])) as unknown as DayFigures;

/**
 * Today and yesterday side by side per vehicle type: every type either day has (a type missing on
 * one day counts zeros there), in the order of VEHICLE_TYPES.
 */
export function vehicleRows(today: ReportBalance, yesterday: ReportBalance): VehicleRow[] {
  const byType = (b: ReportBalance) => new Map(b.byVehicle.map(({ vehicleType, ...f }) => [vehicleType, f]));
  const t = byType(today);
  const y = byType(yesterday);
  return VEHICLE_TYPES.filter((v) => t.has(v) || y.has(v)).map((vehicleType) => ({
    vehicleType,
    today: t.get(vehicleType) ?? noFigures(today.totals),
    yesterday: y.get(vehicleType) ?? noFigures(yesterday.totals),
  }));
}

/** The day every shop of the answer is on, or null when they differ (other zones, business days). */
export function sharedDate(balance: ReportBalance): string | null {
  const dates = new Set(balance.shops.map((s) => s.date));
  return dates.size === 1 ? ([...dates][0] ?? null) : null;
}

/**
 * The last 30 days up to today. "Today" is the latest day a shop of the answer is on (each shop
 * counts its own today); with no shop, the calendar day in the default zone.
 */
export function chartRange(today: ReportBalance | undefined, now: Date): { from: string; to: string } {
  const dates = today?.shops.map((s) => s.date).sort() ?? [];
  const to = dates.at(-1) ?? calendarDate(now, DEFAULT_TIMEZONE);
  return { from: addDaysToDate(to, -29), to };
}

const none = (f: { billsIn: number; billsOut: number; cancelled: number; passCount: number }) =>
  f.billsIn === 0 && f.billsOut === 0 && f.cancelled === 0 && f.passCount === 0;

/**
 * No bill (nor pass sold) today or yesterday and no vehicle inside: only the 30 days can tell
 * whether it is empty.
 */
export function isQuiet(today: ReportBalance, yesterday: ReportBalance): boolean {
  return today.totals.parkedNow === 0 && none(today.totals) && none(yesterday.totals);
}

/** Nothing ever happened here: no bill in 30 days (today and yesterday included) and no vehicle inside. */
export function isEmpty(today: ReportBalance, yesterday: ReportBalance, chart: ReportChart): boolean {
  return isQuiet(today, yesterday) && none(chart.totals);
}

export type Trend = 'up' | 'down' | 'same';

export const trendOf = (today: number, yesterday: number): Trend =>
  today > yesterday ? 'up' : today < yesterday ? 'down' : 'same';

/** '2026-11-22' → '22/11', the chart's day labels. */
export const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** The chart's rows: one a day, money taken and vehicles in. */
export function chartRows(chart: ReportChart) {
  return chart.days.map((d) => ({ label: dayLabel(d.date), amount: d.amount, billsIn: d.billsIn }));
}

/**
 * The shops with the most money taken in the period (the answer is ranked already), at most
 * `limit`, each with its share of the first one's amount for a bar.
 */
export function topShops(chart: ReportChart, limit: number) {
  const top = chart.shops.slice(0, limit);
  const most = Math.max(0, ...top.map((s) => s.amount));
  return top.map((shop) => ({ ...shop, share: most > 0 ? shop.amount / most : 0 }));
}

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count with thousands separators: '1,234'. */
export const formatCount = (n: number) => counts.format(n);

/** '2026-11-22' → '22/11/2026' (a day as the report names it, no time zone involved). */
export const formatDay = (date: string) => `${dayLabel(date)}/${date.slice(0, 4)}`;
