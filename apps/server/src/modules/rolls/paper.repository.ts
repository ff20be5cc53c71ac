import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shopPaper } from '../../db/schema/rolls.ts';

/**
 * The shops' paper figures (decision 018). Both lists read each shop's account row in shop_paper
 * and a few recent rows of the daily / monthly counts, never the prints themselves, so they cost
 * the same at 10 M prints as at 10. `scope` is shopScope on shop_paper.shop_id.
 */

export interface LowPaperQuery {
  scope: SQL | undefined;
  shopId?: string | undefined;
  onlyLow: boolean;
  lowPaperDays: number;
  /** Today in the platform's zone: the recent days are read in a window around it. */
  today: string;
  limit: number;
  offset: number;
}

type Num = string | number;
type LowRaw = {
  shopId: string;
  shopName: string;
  shopCode: string | null;
  firstDeliveryOn: string;
  deliveredTickets: Num;
  printed: Num;
  recentPrints: Num;
  daysLeft: Num | null;
  low: boolean;
  total: Num;
  lowCount: Num;
};

/**
 * Remaining paper, pace and days left of every shop with deliveries in scope, low first. The
 * pace: prints of the 14 whole days before the shop's today (its own calendar). It changes once a
 * day, so it is kept per shop in paper_pace: the first list of a shop's day counts it from the
 * daily rows (and keeps it), every later one reads one row per shop. Today's prints are not in it
 * (they would make the morning's pace look low); a print is always today, so a kept pace stays
 * right until the day ends (a rebuild, which may add past days, empties paper_pace and holds it
 * against lists until it commits).
 */
export function lowPaperSql(q: LowPaperQuery): SQL {
  const where = sql.join(
    [sql`true`, q.scope ?? sql`true`, q.shopId ? sql`${shopPaper.shopId} = ${q.shopId}` : sql`true`],
    sql` and `,
  );
  return sql`
    with acc as (
      select shop_paper.shop_id, s.name, s.code, shop_paper.first_delivery_on,
        shop_paper.delivered_tickets, shop_paper.printed, (now() at time zone s.timezone)::date as today
      from shop_paper join shops s on s.id = shop_paper.shop_id
      where ${where}
    ), stale as (
      select acc.shop_id, acc.today from acc left join paper_pace c on c.shop_id = acc.shop_id
      where c.as_of is distinct from acc.today
    ), counted_now as (
      -- The shops whose pace is not yet kept for their today: from the daily counts, read
      -- through the day index in a window wide enough for every zone.
      select st.shop_id, st.today, coalesce(sum(d.prints), 0)::int as n
      from stale st left join paper_prints_daily d
        on d.shop_id = st.shop_id
        and d.day between ${q.today}::date - 16 and ${q.today}::date + 1
        and d.day >= st.today - 14 and d.day < st.today
      group by 1, 2
    ), kept as (
      -- In shop order, as every writer of rows of several shops: two lists cannot deadlock.
      insert into paper_pace (shop_id, as_of, prints)
      select shop_id, today, n from counted_now order by shop_id
      on conflict (shop_id) do update set as_of = excluded.as_of, prints = excluded.prints
    ), paced as (
      select acc.*, coalesce(cn.n, c.prints, 0) as recent
      from acc left join counted_now cn on cn.shop_id = acc.shop_id
      left join paper_pace c on c.shop_id = acc.shop_id and cn.shop_id is null
    ), left_days as (
      select paced.*,
        case when recent > 0
          then floor(greatest(delivered_tickets - printed, 0) * 14 / recent)::bigint
        end as days_left
      from paced
    ), flagged as (
      select left_days.*, (delivered_tickets - printed <= 0 or coalesce(days_left <= ${q.lowPaperDays}, false)) as low
      from left_days
    ), counted as (
      select flagged.*, count(*) over () as total, count(*) filter (where low) over () as low_count from flagged
    )
    select shop_id as "shopId", name as "shopName", code as "shopCode",
      first_delivery_on::text as "firstDeliveryOn", delivered_tickets as "deliveredTickets", printed,
      recent as "recentPrints", days_left as "daysLeft", low, total, low_count as "lowCount"
    from counted
    where ${q.onlyLow ? sql`low` : sql`true`}
    order by low desc, days_left asc nulls last, delivered_tickets - printed, name, shop_id
    limit ${q.limit} offset ${q.offset}`;
}

export async function lowPaperRows(db: Executor, q: LowPaperQuery) {
  return (await db.execute<LowRaw>(lowPaperSql(q))).rows;
}

/** Totals when the page is empty (past the end): counted without the page. */
export async function lowPaperCounts(db: Executor, q: LowPaperQuery) {
  const rows = await lowPaperRows(db, { ...q, onlyLow: false, limit: 1, offset: 0 });
  const first = rows[0];
  return { total: Number(first?.total ?? 0), lowCount: Number(first?.lowCount ?? 0) };
}

export interface TicketCheckQuery {
  scope: SQL | undefined;
  shopId?: string | undefined;
  onlyFlagged: boolean;
  /** First day of the month and of the next. */
  monthStart: string;
  nextMonth: string;
  limit: number;
  offset: number;
}

type TicketRaw = {
  shopId: string;
  shopName: string;
  shopCode: string | null;
  firstDeliveryOn: string;
  deliveredMonth: Num;
  printedMonth: Num;
  deliveredTotal: Num;
  printedTotal: Num;
  flagged: boolean;
  total: Num;
  flaggedCount: Num;
};

function checkWhere(q: TicketCheckQuery): SQL {
  return sql.join(
    [
      sql`shop_paper.first_delivery_on < ${q.nextMonth}::date`,
      q.scope ?? sql`true`,
      q.shopId ? sql`${shopPaper.shopId} = ${q.shopId}` : sql`true`,
    ],
    sql` and `,
  );
}

/**
 * Tickets delivered and printed per shop in a month and through it, as the CTE `figures`, for the
 * shops of `acc`. Through the month is the account (shop_paper) less what came after it:
 * deliveries on or after the next month, and prints in later months (all of them on or after the
 * first delivery, which is before the next month), so the current month reads almost nothing
 * beyond the account. The month's own prints are its monthly row, less the days before the first
 * delivery when that falls inside the month. No shop in `acc`: nothing is read (one-time filters).
 */
function figuresSql(q: TicketCheckQuery, acc: SQL): SQL {
  return sql`
    acc as (${acc}), dl as (
      select shop_id,
        sum(quantity::bigint * tickets_per_roll) filter (where delivered_on >= ${q.nextMonth}::date) as after,
        sum(quantity::bigint * tickets_per_roll) filter (where delivered_on < ${q.nextMonth}::date) as month
      from roll_deliveries
      where kind = 'SHOP' and delivered_on >= ${q.monthStart}::date and exists (select 1 from acc)
      group by 1
    ), pm as (
      select shop_id,
        sum(prints) filter (where month > ${q.monthStart}::date) as after,
        sum(prints) filter (where month = ${q.monthStart}::date) as month
      from paper_prints_monthly where month >= ${q.monthStart}::date and exists (select 1 from acc)
      group by 1
    ), early as (
      select acc.shop_id, sum(d.prints) as n
      from acc join paper_prints_daily d
        on d.shop_id = acc.shop_id and d.day >= ${q.monthStart}::date and d.day < acc.f
      where acc.f > ${q.monthStart}::date
      group by 1
    ), figures as (
      select acc.shop_id, acc.f, acc.g,
        coalesce(dl.month, 0) as delivered_month,
        coalesce(pm.month, 0) - coalesce(early.n, 0) as printed_month,
        acc.dt - coalesce(dl.after, 0) as delivered_total,
        acc.pr - coalesce(pm.after, 0) as printed_total
      from acc
      left join dl on dl.shop_id = acc.shop_id
      left join pm on pm.shop_id = acc.shop_id
      left join early on early.shop_id = acc.shop_id
    )`;
}

const accSql = (where: SQL, extra: SQL = sql`true`) => sql`
  select shop_paper.shop_id, shop_paper.first_delivery_on as f, shop_paper.delivered_tickets as dt,
    shop_paper.printed as pr, shop_paper.generation as g
  from shop_paper where ${where} and ${extra}`;

/** The page of the list from `figures`: flagged shops first, then by balance. */
function pageSql(q: TicketCheckQuery, figures: SQL): SQL {
  return sql`
    with ${figures}, counted as (
      select figures.*, printed_total > delivered_total as flagged,
        count(*) over () as total,
        count(*) filter (where printed_total > delivered_total) over () as flagged_count
      from figures
    )
    select c.shop_id as "shopId", s.name as "shopName", s.code as "shopCode", c.f::text as "firstDeliveryOn",
      c.delivered_month as "deliveredMonth", c.printed_month as "printedMonth",
      c.delivered_total as "deliveredTotal", c.printed_total as "printedTotal", c.flagged,
      c.total, c.flagged_count as "flaggedCount"
    from counted c join shops s on s.id = c.shop_id
    where ${q.onlyFlagged ? sql`c.flagged` : sql`true`}
    order by c.flagged desc, c.delivered_total - c.printed_total, s.name, c.shop_id
    limit ${q.limit} offset ${q.offset}`;
}

/** The ticket check of a month computed from the counts (the current month, or any month). */
export function ticketCheckSql(q: TicketCheckQuery): SQL {
  return pageSql(q, figuresSql(q, accSql(checkWhere(q))));
}

/**
 * A month that is over everywhere no longer changes but by a delivery or a rebuild: its figures
 * are kept per shop in paper_checks, with the generation of the shop's account they were computed
 * from. Every recount (a delivery, a rebuild) bumps shop_paper.generation, so a row of another
 * generation is stale, even one written by a check that read the account just before a delivery
 * committed: this adds the shops in scope that have no row of their account's generation, and
 * replaces the stale ones (nothing is read when every shop has a current row). In shop order, as
 * the print trigger and the pace: two checks over overlapping shops cannot deadlock.
 */
export function keepPastMonthSql(q: TicketCheckQuery): SQL {
  const missing = sql`not exists (
    select 1 from paper_checks k where k.shop_id = shop_paper.shop_id and k.month = ${q.monthStart}::date
      and k.generation = shop_paper.generation)`;
  return sql`
    with ${figuresSql(q, accSql(checkWhere(q), missing))}
    insert into paper_checks as k (shop_id, month, first_delivery_on, delivered_month, printed_month,
      delivered_total, printed_total, generation)
    select shop_id, ${q.monthStart}::date, f, delivered_month, printed_month, delivered_total, printed_total, g
    from figures order by shop_id
    on conflict (shop_id, month) do update set first_delivery_on = excluded.first_delivery_on,
      delivered_month = excluded.delivered_month, printed_month = excluded.printed_month,
      delivered_total = excluded.delivered_total, printed_total = excluded.printed_total,
      generation = excluded.generation
    where k.generation <> excluded.generation`;
}

/**
 * The ticket check of a past month from paper_checks (after keepPastMonthSql). Not filtered by
 * generation: a delivery committed between the two statements leaves its shop's row stale for
 * this answer (as if asked a moment earlier), not missing; the next check replaces it.
 */
export function pastMonthCheckSql(q: TicketCheckQuery): SQL {
  return pageSql(
    q,
    sql`figures as (
      select k.shop_id, k.first_delivery_on as f, k.delivered_month, k.printed_month, k.delivered_total,
        k.printed_total
      from paper_checks k join shop_paper on shop_paper.shop_id = k.shop_id
      where k.month = ${q.monthStart}::date and ${checkWhere(q)})`,
  );
}

export async function ticketCheckRows(db: Executor, q: TicketCheckQuery & { past: boolean }) {
  if (!q.past) return (await db.execute<TicketRaw>(ticketCheckSql(q))).rows;
  await db.execute(keepPastMonthSql(q));
  return (await db.execute<TicketRaw>(pastMonthCheckSql(q))).rows;
}

/**
 * The month's printed serials of one shop that lie outside every range delivered to it, as runs
 * of consecutive serials (gaps and islands: serial − its rank is constant along a run).
 */
export async function serialsOutside(db: Executor, shopId: string, monthStart: string, nextMonth: string) {
  const result = await db.execute<{ first: Num; last: Num; tickets: Num }>(sql`
    with bounds as (
      select (${monthStart}::date::timestamp at time zone timezone) as a,
        (${nextMonth}::date::timestamp at time zone timezone) as b
      from shops where id = ${shopId}
    ), p as (
      select bp.roll_serial as s, count(*) as n
      from bill_prints bp, bounds
      where bp.shop_id = ${shopId} and bp.roll_serial is not null
        and bp.printed_at >= bounds.a and bp.printed_at < bounds.b
        and not exists (
          select 1 from roll_deliveries d
          where d.kind = 'SHOP' and d.shop_id = ${shopId} and d.serial_first is not null
            and bp.roll_serial between d.serial_first and d.serial_last)
      group by 1
    ), g as (
      select s, n, s - row_number() over (order by s) as grp from p
    )
    select min(s) as first, max(s) as last, sum(n) as tickets from g group by grp order by 1`);
  return result.rows.map((r) => ({
    first: Number(r.first),
    last: Number(r.last),
    tickets: Number(r.tickets),
  }));
}
