/** Regular customers: the (shop, plate) pairs with at least minVisits visits in a period. */
import { addDaysToDate } from '@parking-hub/contracts/business-day';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bills } from '../../db/schema/bills.ts';
import { plateVisits } from '../../db/schema/reports.ts';
import { shops } from '../../db/schema/shops.ts';
import { type VisitPart, visitParts } from './plate-visit-parts.ts';
import { eventOn, type ReportShops, shopCondition, where } from './reports.repository.ts';

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
 * `plate_visits` (migrations 0008 and 0022, decisions 010 and 023) instead of every plated
 * check-in. The period is signed parts (`visitParts`). The largest part B (the window of thirteen
 * months, else the last year or month added) is where most rows are, and a pair can reach
 * minVisits only if B alone does or another part adds to it: parts taken away only lower a count.
 * So every pair another added part (or B's own rows split between two periods) shares with B is
 * summed over all its rows; B's other pairs are read only from the range of plate_visits_cal_idx /
 * _biz_idx with at least minVisits visits, less what the parts taken away hold for them. A window
 * that holds the period adds nothing else: the last twelve months are one range, less a month.
 */
function visitsFromPlateVisits(target: ReportShops, q: CustomersQuery) {
  // No visit can be dated later than this yet: a shop's date runs at most a day ahead of UTC and
  // a business date a day ahead of that. Parts wholly past it have no rows to read.
  const horizon = addDaysToDate(new Date().toISOString().slice(0, 10), 2);
  const parts = visitParts(q.from, q.to, horizon).filter((p) => p.from <= horizon);
  const key = sql.raw(q.byClosing ? 'pv.biz' : 'pv.cal');
  const cond = shopCondition(target, shops.id);
  const scope = cond ? sql` and pv.shop_id in (select ${shops.id} from ${shops} where ${cond})` : sql``;
  const read = (p: VisitPart) => sql`
    select pv.shop_id, pv.plate_key, pv.visits * ${p.sign}::int as visits, pv.amount * ${p.sign}::int as amount
    from ${plateVisits} pv
    where pv.grain = ${p.grain} and ${key} between ${p.from}::date and ${p.to}::date${scope}`;
  const added = parts.filter((p) => p.sign > 0);
  const big =
    added.find((p) => p.grain === 'r') ??
    added.filter((p) => p.grain === 'y').at(-1) ??
    added.filter((p) => p.grain === 'm').at(-1);
  // With another whole year beside B (the last two years), most pairs are in both: every row is
  // read once and grouped, cheaper than setting the pairs they share apart.
  const otherYear = added.some((p) => p !== big && p.grain === 'y');
  if (!big || otherYear) {
    // Days only (a period within one month, read day by day), or two years: every row read once.
    return sql`
      select shop_id, plate_key, sum(visits)::int as visits, sum(amount)::bigint as amount
      from (${sql.join(parts.map(read), sql` union all `)}) x
      group by 1, 2
      having sum(visits) >= ${q.minVisits}`;
  }
  const rest = parts.filter((p) => p !== big);
  const none = sql`select null::uuid as shop_id, null::text as plate_key, 0 as visits, 0::bigint as amount where false`;
  const union = (reads: SQL[]) => (reads.length ? sql.join(reads, sql` union all `) : none);
  // B's row of a pair: the period's first day on both dates. Its rows with one date in the period
  // and the other outside (a night's visit at a month's turn) are read with the parts added.
  const whole = sql`pv.grain = ${big.grain} and pv.cal = ${big.from}::date and pv.biz = ${big.from}::date`;
  const split = sql`
    select pv.shop_id, pv.plate_key, pv.visits, pv.amount
    from ${plateVisits} pv where pv.grain = ${big.grain} and ${key} = ${big.from}::date and pv.cal <> pv.biz${scope}`;
  // The pairs B shares with the parts added get their B row by primary key while they are few (a
  // window's or month's split rows, this year so far); when they are many (a year and a month
  // beside it), all of B's rows are read once and joined by hash instead. Each branch runs only if
  // the count of shared pairs calls for it.
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
    with plus as materialized (
      ${sql.join([...rest.filter((p) => p.sign > 0).map(read), split], sql` union all `)}
    ), minus as materialized (
      ${union(rest.filter((p) => p.sign < 0).map(read))}
    ), shared as materialized (
      select distinct shop_id, plate_key from plus
    ), shared_count as (
      -- Counted once for both branches of the B rows' read.
      select count(*) as n from shared
    ), lowered as materialized (
      select distinct shop_id, plate_key from minus
    ), b as materialized (
      -- B's pairs with at least minVisits on their own, that no part added shares.
      select pv.shop_id, pv.plate_key, pv.visits, pv.amount::bigint as amount
      from ${plateVisits} pv
      where ${whole} and pv.visits >= ${q.minVisits}${scope}
        and not exists (select 1 from shared k where k.shop_id = pv.shop_id and k.plate_key = pv.plate_key)
    )
    select b.* from b
    where not exists (select 1 from lowered k where k.shop_id = b.shop_id and k.plate_key = b.plate_key)
    union all
    select shop_id, plate_key, sum(visits)::int as visits, sum(amount)::bigint as amount
    from (
      select b.* from b
      where exists (select 1 from lowered k where k.shop_id = b.shop_id and k.plate_key = b.plate_key)
      union all select * from minus
      union all select * from plus
      union all ${ofShared}
    ) x
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
      select v.* from v
      order by visits desc, amount desc, plate_key, shop_id
      limit ${q.limit}
    )
    select r.shop_id as "shopId", ${shops.name} as "shopName", ${shops.code} as "shopCode",
           r.plate_key as "plateKey", coalesce(lb.plate, r.plate_key) as "plate",
           lb.vehicle_type as "vehicleType", r.visits, r.amount::text as "amount",
           f.first_at as "firstAt", lb.last_at as "lastAt", t.total_plates as "totalPlates",
           t.total_visits::text as "totalVisits", t.total_amount::text as "totalAmount"
    from ranked r
    cross join totals t
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
