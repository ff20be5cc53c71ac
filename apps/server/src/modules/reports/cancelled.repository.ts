/** The cancelled bills of a period: totals per staff member and date, and a page of them. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bills } from '../../db/schema/bills.ts';
import { shops } from '../../db/schema/shops.ts';
import { type DateRange, eventOn, type ReportShops, shopCondition, where } from './reports.repository.ts';

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
