import { addDaysToDate } from '@parking-hub/contracts/business-day';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bills } from '../../db/schema/bills.ts';
import { reportDaily, reportMonthly, reportScopeDaily } from '../../db/schema/reports.ts';
import { shops } from '../../db/schema/shops.ts';
import type { Actor } from '../../lib/context.ts';
import { shopScope } from '../../tenancy/scope.ts';
import { firstOfMonth, nextMonth } from './plate-visit-parts.ts';

/** Which shops a report covers: one (already checked to be in scope) or the caller's whole scope. */
export interface ReportShops {
  actor: Actor;
  shopId: string | undefined;
}

export function shopCondition(target: ReportShops, column: AnyColumn): SQL | undefined {
  return target.shopId ? eq(column, target.shopId) : shopScope(target.actor, column);
}

export const where = (...parts: Array<SQL | undefined>) => {
  const all = parts.filter((p): p is SQL => p !== undefined);
  return all.length ? sql`where ${and(...all)}` : sql``;
};

/** The rollup's figures as summed per group; `method` decides cash / QR / member / free / pass. */
export interface RollupSums {
  method: string;
  billsIn: number;
  billsOut: number;
  lost: number;
  cancelled: number;
  amount: number;
  cancelledAmount: number;
  /** Passes sold (PASS_CASH / PASS_QR rows only; their money is in amount). */
  passes: number;
}

const sums = sql`
  sum(bills_in)::int as "billsIn", sum(bills_out)::int as "billsOut", sum(lost)::int as "lost",
  sum(cancelled)::int as "cancelled", sum(amount)::bigint as "amount",
  sum(cancelled_amount)::bigint as "cancelledAmount", sum(passes)::int as "passes"`;

type Raw<T> = Omit<T, 'amount' | 'cancelledAmount'> & { amount: string; cancelledAmount: string };

function numbers<T extends RollupSums>(rows: Raw<T>[]): T[] {
  return rows.map(
    (r) => ({ ...r, amount: Number(r.amount), cancelledAmount: Number(r.cancelledAmount) }) as T,
  );
}

export type Grain = 'day' | 'month';
export interface DateRange {
  from: string;
  to: string;
  byClosing: boolean;
}

/** The rollup summed over the shops and dates asked, per the given keys (`expr as "name"`). */
async function rollupSums<K extends object>(
  db: Executor,
  target: ReportShops,
  range: DateRange,
  keys: SQL[],
) {
  const day = range.byClosing ? reportDaily.bizDate : reportDaily.calDate;
  const positions = sql.raw(keys.map((_, i) => i + 1).join(', '));
  const result = await db.execute<Raw<RollupSums & K>>(sql`
    select ${sql.join(keys, sql`, `)}, ${sums}
    from ${reportDaily}
    ${where(shopCondition(target, reportDaily.shopId), sql`${day} between ${range.from} and ${range.to}`)}
    group by ${positions}`);
  return numbers(result.rows as Raw<RollupSums & K>[]);
}

/** The platform's scope rows (the nil uuid, as report_add writes them). */
export const PLATFORM_SCOPE = '00000000-0000-0000-0000-000000000000';

/**
 * The scope rows (migration 0007) that hold exactly what `target` covers: the platform's for an
 * admin's every shop, an agent's own for theirs; null when the shop rows are read (one shop, a
 * manager's or a staff member's shops, already a handful).
 */
export function scopeRowsOf(target: ReportShops): string | null {
  if (target.shopId) return null;
  switch (target.actor.role) {
    case 'SUPER-ADMIN':
    case 'ADMIN':
      return PLATFORM_SCOPE;
    case 'AGENT':
      return target.actor.id;
    default:
      return null;
  }
}

/** Per period (day or month of the calendar or business date), vehicle type and payment method. */
export async function sumsByPeriod(db: Executor, target: ReportShops, range: DateRange, grain: Grain) {
  const scope = scopeRowsOf(target);
  if (!scope) {
    const day = range.byClosing ? reportDaily.bizDate : reportDaily.calDate;
    const period = grain === 'day' ? sql`${day}::text` : sql`to_char(${day}, 'YYYY-MM')`;
    return rollupSums<{ period: string; vehicleType: string }>(db, target, range, [
      sql`${period} as "period"`,
      sql`vehicle_type as "vehicleType"`,
      sql`method`,
    ]);
  }
  // Every shop of the scope: its rows, whatever the number of shops (a year is ~20,000 rows).
  const day = range.byClosing ? reportScopeDaily.bizDate : reportScopeDaily.calDate;
  const period = grain === 'day' ? sql`${day}::text` : sql`to_char(${day}, 'YYYY-MM')`;
  const result = await db.execute<Raw<RollupSums & { period: string; vehicleType: string }>>(sql`
    select ${period} as "period", ${reportScopeDaily.vehicleType} as "vehicleType",
           ${reportScopeDaily.method} as "method", ${sums}
    from ${reportScopeDaily}
    where ${reportScopeDaily.scope} = ${scope} and ${day} between ${range.from} and ${range.to}
    group by 1, 2, 3`);
  return numbers(result.rows);
}

/**
 * [from, to] as the whole months inside it (their first days, first and last) and the days left at
 * either end; `months` is null when no whole month fits.
 */
export function splitByMonths(from: string, to: string) {
  const first = from.endsWith('-01') ? from : nextMonth(from);
  const afterTo = addDaysToDate(to, 1);
  const last = afterTo.endsWith('-01') ? firstOfMonth(to) : firstOfMonth(addDaysToDate(firstOfMonth(to), -1));
  if (first > last) return { months: null, days: [[from, to]] as Array<[string, string]> };
  const days: Array<[string, string]> = [];
  if (from < first) days.push([from, addDaysToDate(first, -1)]);
  const end = addDaysToDate(nextMonth(last), -1);
  if (end < to) days.push([addDaysToDate(end, 1), to]);
  return { months: [first, last] as [string, string], days };
}

/**
 * The shop rows summed per shop, staff member and method over the dates asked: whole months from
 * report_monthly (migration 0007), the days at either end from report_daily, so a year over every
 * shop reads twelve month rows per shop and staff member instead of 365 days of them.
 */
async function shopStaffSums<K extends object>(
  db: Executor,
  target: ReportShops,
  range: DateRange,
  keys: SQL[],
) {
  const { months, days } = splitByMonths(range.from, range.to);
  const day = range.byClosing ? reportDaily.bizDate : reportDaily.calDate;
  const month = range.byClosing ? reportMonthly.bizMonth : reportMonthly.calMonth;
  const columns = sql`shop_id, staff_id, method, bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes`;
  const parts: SQL[] = [];
  if (days.length) {
    const inDays = sql.join(
      days.map(([a, b]) => sql`${day} between ${a} and ${b}`),
      sql` or `,
    );
    parts.push(sql`select ${columns} from ${reportDaily}
      ${where(shopCondition(target, reportDaily.shopId), sql`(${inDays})`)}`);
  }
  if (months) {
    parts.push(sql`select ${columns} from ${reportMonthly}
      ${where(shopCondition(target, reportMonthly.shopId), sql`${month} between ${months[0]} and ${months[1]}`)}`);
  }
  const positions = sql.raw(keys.map((_, i) => i + 1).join(', '));
  const result = await db.execute<Raw<RollupSums & K>>(sql`
    select ${sql.join(keys, sql`, `)}, ${sums}
    from (${sql.join(parts, sql` union all `)}) r
    group by ${positions}`);
  return numbers(result.rows as Raw<RollupSums & K>[]);
}

/** Per shop and payment method (the top shops). */
export function sumsByShop(db: Executor, target: ReportShops, range: DateRange) {
  return shopStaffSums<{ shopId: string }>(db, target, range, [sql`shop_id as "shopId"`, sql`method`]);
}

/** Per shop, staff member and payment method. */
export function sumsByStaff(db: Executor, target: ReportShops, range: DateRange) {
  return shopStaffSums<{ shopId: string; staffId: string }>(db, target, range, [
    sql`shop_id as "shopId"`,
    sql`staff_id as "staffId"`,
    sql`method`,
  ]);
}

/** Each shop's figures on its own date (today or yesterday, which differ between zones). */
export async function sumsOnShopDates(
  db: Executor,
  days: Array<{ shopId: string; date: string }>,
  byClosing: boolean,
) {
  if (!days.length) return [];
  const day = byClosing ? sql`r.biz_date` : sql`r.cal_date`;
  const result = await db.execute<Raw<RollupSums & { shopId: string; vehicleType: string }>>(sql`
    select r.shop_id as "shopId", r.vehicle_type as "vehicleType", r.method, ${sums}
    from unnest(${`{${days.map((d) => d.shopId).join(',')}}`}::uuid[],
                ${`{${days.map((d) => d.date).join(',')}}`}::date[]) as t(shop_id, day)
    join report_daily r on r.shop_id = t.shop_id and ${day} = t.day
    group by 1, 2, 3`);
  return numbers(result.rows);
}

/** Vehicles inside now, per shop and type (the parked-bills index). */
export async function parkedNow(db: Executor, target: ReportShops) {
  const result = await db.execute<{ shopId: string; vehicleType: string; count: number }>(sql`
    select shop_id as "shopId", vehicle_type as "vehicleType", count(*)::int as "count"
    from ${bills}
    ${where(shopCondition(target, bills.shopId), sql`${bills.status} = 'PARKED'`)}
    group by 1, 2`);
  return result.rows;
}

export interface ShopInfo {
  id: string;
  name: string;
  code: string;
  timezone: string;
  openShop: string | null;
  closeShop: string | null;
}

/** The shops a report covers, with what their days need. */
export async function reportShopList(db: Executor, target: ReportShops): Promise<ShopInfo[]> {
  return db
    .select({
      id: shops.id,
      name: shops.name,
      code: shops.code,
      timezone: shops.timezone,
      openShop: shops.openShop,
      closeShop: shops.closeShop,
    })
    .from(shops)
    .where(shopCondition(target, shops.id))
    .orderBy(shops.name, shops.id);
}

/**
 * Bills whose event instant (`at`) falls on the dates asked: between the shop's local midnights
 * (each shop in its own zone, so the index on (shop, instant) answers without converting a row);
 * by closing, a day wider either side (a business day lies within those) and the stored business
 * date decides.
 */
export function eventOn(at: AnyColumn, businessDay: AnyColumn, range: DateRange) {
  const margin = range.byClosing ? '1 day' : '0';
  const exact = range.byClosing ? sql` and ${businessDay} between ${range.from} and ${range.to}` : sql``;
  return sql`${at} >= (${range.from}::timestamp at time zone ${shops.timezone}) - ${margin}::interval
    and ${at} < ((${range.to}::date + 1)::timestamp at time zone ${shops.timezone}) + ${margin}::interval${exact}`;
}
/** Names of staff members (and their usernames) by id. */
export async function staffNames(db: Executor, ids: string[]) {
  if (!ids.length) return new Map<string, { fullName: string; username: string }>();
  const result = await db.execute<{ id: string; fullName: string; username: string }>(sql`
    select id, full_name as "fullName", username from users
    where id = any(${`{${ids.join(',')}}`}::uuid[])`);
  return new Map(result.rows.map((r) => [r.id, { fullName: r.fullName, username: r.username }]));
}
