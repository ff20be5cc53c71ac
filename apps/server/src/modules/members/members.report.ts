import {
  MEMBERS_REPORT_MAX_ROWS,
  type MemberStatus,
  type MembersReport,
  type MembersReportBody,
} from '@parking-hub/contracts/members';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shops } from '../../db/schema/shops.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { isoOrNull } from '../../lib/time.ts';
import { type ReportShops, shopCondition } from '../reports/reports.repository.ts';
import { reportShops } from '../reports/reports.service.ts';

type Row = {
  memberId: string;
  shopId: string;
  shopName: string;
  number: string;
  fullName: string;
  plates: string[];
  status: MemberStatus;
  validUntil: string;
  visits: number;
  lastVisitAt: Date | null;
  passesSold: number;
  passAmount: string;
  passCash: string;
  passQr: string;
  validInPeriod: boolean;
};

/**
 * The members of the shops asked over business days from…to: every member valid at some time in
 * the period (a pass they paid for covers part of it, or their current window does and they are
 * not cancelled: a renewal after a gap or a cancellation later does not take a past period's
 * visits away) or with a payment in it, their visits (check-ins of the period that
 * carried them, cancelled ones not counted; bills_member_idx) and the passes they paid for in it
 * (payments whose business date is in the period). A member whose pass ended but is still marked
 * ACTIVE (the nightly job has not run yet) is shown EXPIRED, as of the shop's business day today.
 */
async function memberRows(db: Executor, target: ReportShops, body: MembersReportBody) {
  const inPeriod = sql`m.status <> 'CANCELLED' and m.valid_from <= ${body.to}::date and m.valid_until >= ${body.from}::date`;
  const result = await db.execute<Row>(sql`
    with sh as materialized (
      select ${shops.id} as id, ${shops.name} as name,
             shop_business_date(now(), ${shops.timezone}, ${shops.openShop}, ${shops.closeShop}) as today
      from ${shops}
      ${whereOf(shopCondition(target, shops.id))}
    ), pay as (
      select p.member_id, count(*)::int as passes, sum(p.amount)::bigint as amount,
             coalesce(sum(p.amount) filter (where p.method = 'CASH'), 0)::bigint as cash,
             coalesce(sum(p.amount) filter (where p.method = 'QR'), 0)::bigint as qr
      from member_payments p join sh on sh.id = p.shop_id
      where p.business_date between ${body.from}::date and ${body.to}::date
      group by 1
    ), covered as (
      select distinct p.member_id
      from member_payments p join sh on sh.id = p.shop_id
      where p.period_from <= ${body.to}::date and p.period_until >= ${body.from}::date
    ), m as materialized (
      select m.id, m.shop_id, sh.name as shop_name, sh.today, m.number, m.full_name, m.plates, m.status,
             m.valid_until, ((${inPeriod}) or m.id in (select member_id from covered)) as valid_in_period
      from members m join sh on sh.id = m.shop_id
      where (${inPeriod}) or m.id in (select member_id from pay) or m.id in (select member_id from covered)
    ), v as (
      select b.member_id, count(*)::int as visits, max(b.check_in_at) as last_at
      from bills b
      where b.member_id in (select id from m) and b.member_id is not null
        and b.business_date between ${body.from}::date and ${body.to}::date and b.status <> 'CANCELLED'
      group by 1
    )
    select m.id as "memberId", m.shop_id as "shopId", m.shop_name as "shopName", m.number,
           m.full_name as "fullName", m.plates,
           case when m.status = 'ACTIVE' and m.valid_until < m.today then 'EXPIRED' else m.status end as "status",
           m.valid_until::text as "validUntil", coalesce(v.visits, 0) as "visits", v.last_at as "lastVisitAt",
           coalesce(pay.passes, 0) as "passesSold", coalesce(pay.amount, 0)::text as "passAmount",
           coalesce(pay.cash, 0)::text as "passCash", coalesce(pay.qr, 0)::text as "passQr",
           m.valid_in_period as "validInPeriod"
    from m
    left join v on v.member_id = m.id
    left join pay on pay.member_id = m.id
    order by coalesce(v.visits, 0) desc, m.shop_name, m.shop_id, m.number, m.id`);
  return result.rows;
}

/** Members whose pass is valid on their shop's business day today, and of those the ones ending soon. */
async function validToday(db: Executor, target: ReportShops) {
  const result = await db.execute<{ active: number; expiring: number }>(sql`
    with sh as materialized (
      select ${shops.id} as id, ${shops.memberReminderDays} as days,
             shop_business_date(now(), ${shops.timezone}, ${shops.openShop}, ${shops.closeShop}) as today
      from ${shops}
      ${whereOf(shopCondition(target, shops.id))}
    )
    select count(*)::int as active, (count(*) filter (where m.valid_until <= sh.today + sh.days))::int as expiring
    from members m join sh on sh.id = m.shop_id
    where m.status = 'ACTIVE' and m.valid_from <= sh.today and m.valid_until >= sh.today`);
  return result.rows[0] ?? { active: 0, expiring: 0 };
}

const whereOf = (cond: ReturnType<typeof shopCondition>) => (cond ? sql`where ${cond}` : sql``);

/** `POST /v1/membership/report`: one shop or every shop in the caller's scope. */
export async function membersReport(
  db: Executor,
  ctx: AuthedContext,
  body: MembersReportBody,
): Promise<MembersReport> {
  const target = await reportShops(db, ctx, body.shopId ?? undefined);
  const [rows, today] = await Promise.all([memberRows(db, target, body), validToday(db, target)]);
  const totals = {
    ...today,
    passesSold: 0,
    passAmount: 0,
    passCash: 0,
    passQr: 0,
    visits: 0,
    neverCame: 0,
  };
  // A suspended member could not come: not counted as one who stayed away.
  const neverCame = (r: Row) => r.validInPeriod && r.visits === 0 && r.status !== 'SUSPENDED';
  for (const r of rows) {
    totals.passesSold += r.passesSold;
    totals.passAmount += Number(r.passAmount);
    totals.passCash += Number(r.passCash);
    totals.passQr += Number(r.passQr);
    totals.visits += r.visits;
    if (neverCame(r)) totals.neverCame++;
  }
  return {
    totals,
    totalRows: rows.length,
    rows: rows.slice(0, MEMBERS_REPORT_MAX_ROWS).map((r) => ({
      memberId: r.memberId,
      shopId: r.shopId,
      shopName: r.shopName,
      number: r.number,
      fullName: r.fullName,
      plates: r.plates,
      status: r.status,
      validUntil: r.validUntil,
      visits: r.visits,
      lastVisitAt: isoOrNull(r.lastVisitAt ? new Date(r.lastVisitAt) : null),
      passesSold: r.passesSold,
      passAmount: Number(r.passAmount),
      neverCame: neverCame(r),
    })),
  };
}
