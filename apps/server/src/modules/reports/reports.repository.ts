import { addDaysToDate } from '@parking-hub/contracts/business-day';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bills } from '../../db/schema/bills.ts';
import { plateVisits, reportDaily, reportMonthly, reportScopeDaily } from '../../db/schema/reports.ts';
import { shops } from '../../db/schema/shops.ts';
import type { Actor } from '../../lib/context.ts';
import { shopScope } from '../../tenancy/scope.ts';
import { firstOfMonth, nextMonth, type VisitPart, visitParts } from './plate-visit-parts.ts';

/** Which shops a report covers: one (already checked to be in scope) or the caller's whole scope. */
export interface ReportShops {
  actor: Actor;
  shopId: string | undefined;
}

export function shopCondition(target: ReportShops, column: AnyColumn): SQL | undefined {
  return target.shopId ? eq(column, target.shopId) : shopScope(target.actor, column);
}

const where = (...parts: Array<SQL | undefined>) => {
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
function eventOn(at: AnyColumn, businessDay: AnyColumn, range: DateRange) {
  const margin = range.byClosing ? '1 day' : '0';
  const exact = range.byClosing ? sql` and ${businessDay} between ${range.from} and ${range.to}` : sql``;
  return sql`${at} >= (${range.from}::timestamp at time zone ${shops.timezone}) - ${margin}::interval
    and ${at} < ((${range.to}::date + 1)::timestamp at time zone ${shops.timezone}) + ${margin}::interval${exact}`;
}

const cancelDate = (byClosing: boolean) =>
  byClosing
    ? sql`${bills.cancelBusinessDate}::text`
    : sql`((${bills.cancelledAt} at time zone ${shops.timezone})::date)::text`;

/** Cancelled bills on the dates asked: totals per staff member and per date (small: ~1.5 % of bills). */
export async function cancelSums(db: Executor, target: ReportShops, range: DateRange) {
  const result = await db.execute<{
    staffId: string | null;
    date: string;
    count: number;
    amount: string;
  }>(sql`
    select ${bills.cancelledBy} as "staffId", ${cancelDate(range.byClosing)} as "date",
           count(*)::int as "count", coalesce(sum(${bills.fee}), 0)::bigint as "amount"
    from ${bills} join ${shops} on ${shops.id} = ${bills.shopId}
    ${where(
      shopCondition(target, bills.shopId),
      sql`${bills.status} = 'CANCELLED'`,
      eventOn(bills.cancelledAt, bills.cancelBusinessDate, range),
    )}
    group by 1, 2`);
  return result.rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** One page of the cancelled bills, newest cancellation first. */
export async function cancelledBills(
  db: Executor,
  target: ReportShops,
  range: DateRange,
  page: { limit: number; offset: number },
) {
  const result = await db.execute<{
    id: string;
    reference: string;
    number: number;
    shopId: string;
    shopName: string;
    shopCode: string;
    vehicleType: string;
    plate: string | null;
    checkInAt: Date;
    checkInByName: string | null;
    cancelledAt: Date;
    date: string;
    cancelledById: string | null;
    cancelledByName: string | null;
    cancelReason: string;
    amount: number;
  }>(sql`
    with page as (
      select ${bills.id} as id, ${shops.name} as shop_name, ${shops.code} as shop_code,
             ${cancelDate(range.byClosing)} as day
      from ${bills}
      join ${shops} on ${shops.id} = ${bills.shopId}
      ${where(
        shopCondition(target, bills.shopId),
        sql`${bills.status} = 'CANCELLED'`,
        eventOn(bills.cancelledAt, bills.cancelBusinessDate, range),
      )}
      order by ${bills.cancelledAt} desc, ${bills.id} desc
      limit ${page.limit} offset ${page.offset}
    )
    -- The page first, then its names: staff are looked up for the bills shown only.
    select b.id::text as "id", b.reference, b.number, b.shop_id as "shopId", p.shop_name as "shopName",
           p.shop_code as "shopCode", b.vehicle_type as "vehicleType", b.plate,
           b.check_in_at as "checkInAt", ui.full_name as "checkInByName", b.cancelled_at as "cancelledAt",
           p.day as "date", b.cancelled_by as "cancelledById", uc.full_name as "cancelledByName",
           b.cancel_reason as "cancelReason", coalesce(b.fee, 0) as "amount"
    from page p
    join bills b on b.id = p.id
    left join users ui on ui.id = b.check_in_by
    left join users uc on uc.id = b.cancelled_by
    order by b.cancelled_at desc, b.id desc`);
  return result.rows;
}

type CustomersQuery = { from: string; to: string; byClosing: boolean; minVisits: number; limit: number };

/**
 * Visits per (shop, plate) on the dates asked, for a shop or a manager's few shops: their plated
 * check-ins, shop by shop, as an index-only range of bills_shop_plate_visits_idx (migration 0004).
 */
function visitsFromBills(target: ReportShops, q: CustomersQuery) {
  return sql`
    select ${shops.id} as shop_id, b.plate_key, count(*)::int as visits, coalesce(sum(b.fee), 0)::bigint as amount
    from ${shops}
    cross join lateral (
      select ${bills.plateKey} as plate_key, ${bills.fee} as fee
      from ${bills}
      where ${bills.shopId} = ${shops.id} and ${bills.plateKey} is not null
        and ${bills.status} <> 'CANCELLED' and ${eventOn(bills.checkInAt, bills.businessDate, q)}
    ) b
    ${where(shopCondition(target, shops.id))}
    group by 1, 2
    having count(*) >= ${q.minVisits}`;
}

/**
 * `sharedLookups`: up to this many pairs shared between B and the rest of a period, their B rows
 * are looked up one by one (a few hundredths of a millisecond each); above it, B is read whole (a
 * year's rows in about 100 ms on the 10M-bill bench). A setting only so that tests run both ways.
 */
export const plateVisitsTuning = { sharedLookups: 2000 };

/**
 * Visits per (shop, plate) on the dates asked over every shop of an admin or an agent, from
 * `plate_visits` (migration 0008, decision 010) instead of every plated check-in. The period is
 * signed parts (`visitParts`). The largest year or month part B is where most rows are, and a pair
 * can reach minVisits only if B alone does or another part adds to it. So every pair B shares with
 * another part (or with its own rows split between two periods) is summed over all its rows, and
 * B's other pairs are read only from the range of plate_visits_cal_idx / _biz_idx with at least
 * minVisits visits: those need no grouping, their B row is their count.
 */
function visitsFromPlateVisits(target: ReportShops, q: CustomersQuery) {
  // No visit can be dated later than this yet: a shop's date runs at most a day ahead of UTC and
  // a business date a day ahead of that.
  const horizon = addDaysToDate(new Date().toISOString().slice(0, 10), 2);
  const parts = visitParts(q.from, q.to, horizon);
  const key = sql.raw(q.byClosing ? 'pv.biz' : 'pv.cal');
  const cond = shopCondition(target, shops.id);
  const scope = cond ? sql` and pv.shop_id in (select ${shops.id} from ${shops} where ${cond})` : sql``;
  const read = (p: VisitPart) => sql`
    select pv.shop_id, pv.plate_key, pv.visits * ${p.sign}::int as visits, pv.amount * ${p.sign}::int as amount
    from ${plateVisits} pv
    where pv.grain = ${p.grain} and ${key} between ${p.from}::date and ${p.to}::date${scope}`;
  const big =
    parts.filter((p) => p.sign > 0 && p.grain === 'y').at(-1) ??
    parts.filter((p) => p.sign > 0 && p.grain === 'm').at(-1);
  // With another whole year beside B (the last two years), most pairs are in both: every row is
  // read once and grouped, cheaper than setting the pairs they share apart.
  const otherYear = parts.some((p) => p !== big && p.sign > 0 && p.grain === 'y');
  if (!big || otherYear) {
    // Days only (a period within one month, read day by day), or two years: every row read once.
    return sql`
      select shop_id, plate_key, sum(visits)::int as visits, sum(amount)::bigint as amount
      from (${sql.join(parts.map(read), sql` union all `)}) x
      group by 1, 2
      having sum(visits) >= ${q.minVisits}`;
  }
  const rest = parts.filter((p) => p !== big);
  // B's row of a pair: the period's first day on both dates. Its rows with one date in the period
  // and the other outside (a night's visit at a year's or month's turn) are read with the rest.
  const whole = sql`pv.grain = ${big.grain} and pv.cal = ${big.from}::date and pv.biz = ${big.from}::date`;
  const split = sql`
    select pv.shop_id, pv.plate_key, pv.visits, pv.amount
    from ${plateVisits} pv where pv.grain = ${big.grain} and ${key} = ${big.from}::date and pv.cal <> pv.biz${scope}`;
  // The pairs B shares with the rest get their B row by primary key while they are few (this year
  // or month so far, a whole past year or month: little more than B's split rows); when they are
  // many (the last 30 days, twelve months: tens of thousands), all of B's rows are read once and
  // joined by hash instead. Each branch runs only if the count of shared pairs calls for it.
  const ofShared = sql`
    select b.shop_id, b.plate_key, b.visits, b.amount
    from shared k
    -- One lookup per pair (offset 0 keeps it one: not a join over all of B).
    cross join lateral (
      select pv.shop_id, pv.plate_key, pv.visits, pv.amount
      from ${plateVisits} pv
      where pv.shop_id = k.shop_id and pv.plate_key = k.plate_key and ${whole}
      offset 0
    ) b
    where (select n from shared_count) <= ${plateVisitsTuning.sharedLookups}
    union all
    select b.shop_id, b.plate_key, b.visits, b.amount
    from (
      select pv.shop_id, pv.plate_key, pv.visits, pv.amount
      from ${plateVisits} pv where ${whole}${scope}
      offset 0
    ) b
    join shared k on k.shop_id = b.shop_id and k.plate_key = b.plate_key
    where (select n from shared_count) > ${plateVisitsTuning.sharedLookups}`;
  return sql`
    with other as materialized (
      ${sql.join([...rest.map(read), split], sql` union all `)}
    ), shared as materialized (
      select distinct shop_id, plate_key from other
    ), shared_count as (
      -- Counted once for both branches of the B rows' read.
      select count(*) as n from shared
    )
    select pv.shop_id, pv.plate_key, pv.visits, pv.amount::bigint as amount
    from ${plateVisits} pv
    where ${whole} and pv.visits >= ${q.minVisits}${scope}
      and not exists (select 1 from shared k where k.shop_id = pv.shop_id and k.plate_key = pv.plate_key)
    union all
    select shop_id, plate_key, sum(visits)::int as visits, sum(amount)::bigint as amount
    from (select * from other union all ${ofShared}) x
    group by 1, 2
    having sum(visits) >= ${q.minVisits}`;
}

/**
 * Regular customers: the (shop, plate) pairs with at least `minVisits` visits (check-ins not
 * cancelled) on the dates asked, most visits first (then most money); totals over every such pair,
 * not only the `limit` listed. A shop's or a manager's few shops are counted from their bills, an
 * admin's or agent's many from `plate_visits`; the first and last visit, the plate as last written
 * and its vehicle type come from the bills of the listed pairs only.
 */
export async function regularPlates(db: Executor, target: ReportShops, q: CustomersQuery) {
  const few = target.shopId !== undefined || target.actor.role === 'SHOP' || target.actor.role === 'MANAGER';
  const visits = few ? visitsFromBills(target, q) : visitsFromPlateVisits(target, q);
  const result = await db.execute<{
    shopId: string;
    shopName: string;
    shopCode: string;
    plateKey: string;
    plate: string;
    vehicleType: string;
    visits: number;
    amount: string;
    firstAt: Date;
    lastAt: Date;
    totalPlates: number;
    totalVisits: string;
    totalAmount: string;
  }>(sql`
    with v as materialized (${visits}), totals as (
      select count(*)::int as total_plates, sum(visits) as total_visits, sum(amount) as total_amount from v
    ), ranked as (
      select v.*, t.* from v cross join totals t
      order by visits desc, amount desc, plate_key, shop_id
      limit ${q.limit}
    )
    select r.shop_id as "shopId", ${shops.name} as "shopName", ${shops.code} as "shopCode",
           r.plate_key as "plateKey", coalesce(lb.plate, r.plate_key) as "plate",
           lb.vehicle_type as "vehicleType", r.visits, r.amount::text as "amount",
           f.first_at as "firstAt", lb.last_at as "lastAt", r.total_plates as "totalPlates",
           r.total_visits::text as "totalVisits", r.total_amount::text as "totalAmount"
    from ranked r
    join ${shops} on ${shops.id} = r.shop_id
    -- The listed pairs' own bills: their first and last visit on the dates asked, each the end of a
    -- range of bills_shop_plate_idx (shop, plate, check-in).
    cross join lateral (
      select ${bills.checkInAt} as first_at
      from ${bills}
      where ${bills.shopId} = r.shop_id and ${bills.plateKey} = r.plate_key and ${bills.status} <> 'CANCELLED'
        and ${eventOn(bills.checkInAt, bills.businessDate, q)}
      order by ${bills.checkInAt}
      limit 1
    ) f
    cross join lateral (
      select ${bills.checkInAt} as last_at, ${bills.plate} as plate, ${bills.vehicleType} as vehicle_type
      from ${bills}
      where ${bills.shopId} = r.shop_id and ${bills.plateKey} = r.plate_key and ${bills.status} <> 'CANCELLED'
        and ${eventOn(bills.checkInAt, bills.businessDate, q)}
      order by ${bills.checkInAt} desc
      limit 1
    ) lb
    order by r.visits desc, r.amount desc, r.plate_key, r.shop_id`);
  return result.rows;
}

/** Names of staff members (and their usernames) by id. */
export async function staffNames(db: Executor, ids: string[]) {
  if (!ids.length) return new Map<string, { fullName: string; username: string }>();
  const result = await db.execute<{ id: string; fullName: string; username: string }>(sql`
    select id, full_name as "fullName", username from users
    where id = any(${`{${ids.join(',')}}`}::uuid[])`);
  return new Map(result.rows.map((r) => [r.id, { fullName: r.fullName, username: r.username }]));
}
