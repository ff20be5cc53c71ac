/**
 * The yardstick for the report endpoints: each report's figures computed by a plain GROUP BY over
 * `bills`, the way one would write it without the rollup. Every bill gives up to three events
 * (decision 010): its check-in; its check-out while CLOSED or LOST (method and fee); its
 * cancellation; every pass payment (member_payments, issue 14) is one more, its money cash or QR.
 * An event counts on its local calendar date (`at AT TIME ZONE` the shop's zone) or, by closing, on
 * the business date stored with it.
 */
import { MEASURE_KEYS } from '@parking-hub/contracts/reports';
import type pg from 'pg';

export interface Range {
  shopId: string | undefined;
  from: string;
  to: string;
  byClosing: boolean;
}

export type Totals = Record<string, number>;

const events = `
  from (
    select b.shop_id, b.vehicle_type, b.status, b.fee, ev.kind, ev.at, ev.biz, ev.staff, ev.method
    from bills b
    cross join lateral (values
      ('in', b.check_in_at, b.business_date, b.check_in_by, ''),
      ('out', b.check_out_at, b.out_business_date, b.check_out_by, b.payment_method),
      ('cancel', b.cancelled_at, b.cancel_business_date, b.cancelled_by, '')
    ) as ev(kind, at, biz, staff, method)
    where ev.kind = 'in' or (ev.kind = 'out' and b.status in ('CLOSED', 'LOST'))
      or (ev.kind = 'cancel' and b.status = 'CANCELLED')
    union all
    -- A pass sold or renewed (issue 14): money taken on the day of taken_at.
    select p.shop_id, p.vehicle_type, null, p.amount, 'pass', p.taken_at, p.business_date, p.taken_by,
           'PASS_' || p.method
    from member_payments p
  ) as ev
  join shops s on s.id = ev.shop_id`;

const day = (byClosing: boolean) => (byClosing ? 'ev.biz' : '(ev.at at time zone s.timezone)::date');

const measures = `
  count(*) filter (where ev.kind = 'in') as "billsIn",
  count(*) filter (where ev.kind = 'out') as "billsOut",
  count(*) filter (where ev.kind = 'out' and ev.status = 'LOST') as "lost",
  count(*) filter (where ev.kind = 'cancel') as "cancelled",
  coalesce(sum(ev.fee) filter (where ev.kind = 'cancel'), 0) as "cancelledAmount",
  count(*) filter (where ev.kind = 'out' and ev.method = 'CASH') as "cashCount",
  coalesce(sum(ev.fee) filter (where ev.kind in ('out', 'pass') and ev.method in ('CASH', 'PASS_CASH')), 0) as "cashAmount",
  count(*) filter (where ev.kind = 'out' and ev.method = 'QR') as "qrCount",
  coalesce(sum(ev.fee) filter (where ev.kind in ('out', 'pass') and ev.method in ('QR', 'PASS_QR')), 0) as "qrAmount",
  count(*) filter (where ev.kind = 'out' and ev.method = 'MEMBER') as "memberCount",
  count(*) filter (where ev.kind = 'out' and ev.method = 'FREE') as "freeCount",
  coalesce(sum(ev.fee) filter (where ev.kind in ('out', 'pass')), 0) as "amount",
  count(*) filter (where ev.kind = 'pass') as "passCount",
  coalesce(sum(ev.fee) filter (where ev.kind = 'pass'), 0) as "passAmount"`;

/** Rows of figures added up (the endpoints' totals). */
function total(rows: Record<string, unknown>[], keys: readonly string[] = MEASURE_KEYS): Totals {
  const t: Totals = Object.fromEntries(keys.map((k) => [k, 0]));
  for (const r of rows) for (const k of keys) t[k] = (t[k] ?? 0) + Number(r[k] ?? 0);
  return t;
}

/** One shop's condition on `alias`'s shop_id (the events' `ev`, or the bills' `b`). */
const shopFilter = (r: Range, alias = 'ev') => (r.shopId ? `and ${alias}.shop_id = $3` : '');
const params = (r: Range) => (r.shopId ? [r.from, r.to, r.shopId] : [r.from, r.to]);

/** The events of the period grouped by `groups` (SQL expressions), then totalled. */
async function grouped(db: pg.ClientBase, r: Range, groups: string) {
  const res = await db.query(
    `select ${groups}, ${measures} ${events}
     where ${day(r.byClosing)} between $1::date and $2::date ${shopFilter(r)}
     group by ${groups}`,
    params(r),
  );
  return total(res.rows);
}

export const baseline = {
  /** chart: per day and per shop (the top shops). */
  chart: (db: pg.ClientBase, r: Range) => grouped(db, r, `${day(r.byClosing)}, ev.shop_id`),
  byDate: (db: pg.ClientBase, r: Range) => grouped(db, r, `${day(r.byClosing)}, ev.vehicle_type`),
  byMonth: (db: pg.ClientBase, r: Range) =>
    grouped(db, r, `to_char(${day(r.byClosing)}, 'YYYY-MM'), ev.vehicle_type`),
  byStaff: (db: pg.ClientBase, r: Range) => grouped(db, r, 'ev.shop_id, ev.staff'),

  /** Each shop's own today (calendar date in its zone, or business date), and who is parked now. */
  async balance(db: pg.ClientBase, r: Range) {
    const today = r.byClosing
      ? 'shop_business_date(now(), s.timezone, s.open_shop, s.close_shop)'
      : '(now() at time zone s.timezone)::date';
    const one = (alias: string) => (r.shopId ? `and ${alias}.shop_id = $1` : '');
    const p = r.shopId ? [r.shopId] : [];
    const res = await db.query(
      `select ev.shop_id, ev.vehicle_type, ${measures} ${events}
       where ${day(r.byClosing)} = ${today} ${one('ev')}
       group by 1, 2`,
      p,
    );
    const parked = await db.query(
      `select count(*)::int as n from bills b where status = 'PARKED' ${one('b')}`,
      p,
    );
    return { ...total(res.rows), parkedNow: Number(parked.rows[0]?.n ?? 0) };
  },

  /** Cancelled bills per staff member and date. */
  async cancel(db: pg.ClientBase, r: Range) {
    const date = r.byClosing ? 'b.cancel_business_date' : '(b.cancelled_at at time zone s.timezone)::date';
    const res = await db.query(
      `select b.cancelled_by, ${date} as date, count(*) as count, coalesce(sum(b.fee), 0) as amount
       from bills b join shops s on s.id = b.shop_id
       where b.status = 'CANCELLED' and ${date} between $1::date and $2::date ${shopFilter(r, 'b')}
       group by 1, 2`,
      params(r),
    );
    return total(res.rows, ['count', 'amount']);
  },

  /** Plates with at least `minVisits` check-ins (a cancelled ticket is no visit) per shop. */
  async customers(db: pg.ClientBase, r: Range, minVisits = 3) {
    const date = r.byClosing ? 'b.business_date' : '(b.check_in_at at time zone s.timezone)::date';
    const res = await db.query(
      `select count(*) as "totalPlates", coalesce(sum(visits), 0) as "totalVisits",
              coalesce(sum(amount), 0) as "totalAmount"
       from (select b.shop_id, b.plate_key, count(*) as visits, coalesce(sum(b.fee), 0) as amount
             from bills b join shops s on s.id = b.shop_id
             where b.plate_key is not null and b.status <> 'CANCELLED'
               and ${date} between $1::date and $2::date ${shopFilter(r, 'b')}
             group by 1, 2 having count(*) >= ${Number(minVisits)}) v`,
      params(r),
    );
    return total(res.rows, ['totalPlates', 'totalVisits', 'totalAmount']);
  },
};

/** The endpoint's totals, limited to the keys the baseline computed. */
export function pick(from: Record<string, unknown>, like: Totals): Totals {
  return Object.fromEntries(Object.keys(like).map((k) => [k, Number(from[k] ?? Number.NaN)]));
}
